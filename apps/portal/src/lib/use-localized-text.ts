import { type Language, type LocalizedText, pickLocalized, type TextByLanguage } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { toBcp47 } from './i18n.ts';
import { asLanguage } from './language.ts';

/**
 * A store-authored text in the page's language when the store wrote one, else in the store's default
 * language. Render it with the returned `lang` and `dir`, so a fallback text keeps its own
 * direction inside a page of another (an English paragraph stays left to right on an Arabic page).
 */
export function useLocalizedText(
  base: string,
  byLanguage: TextByLanguage | undefined,
  defaultLanguage: Language,
): LocalizedText & { /** `language` as BCP 47, for the `lang` attribute (es_ES → es-ES). */ lang: string } {
  const { i18n } = useTranslation();
  const picked = pickLocalized(
    base,
    byLanguage,
    asLanguage(i18n.language) ?? defaultLanguage,
    defaultLanguage,
  );
  return { ...picked, lang: toBcp47(picked.language) };
}
