import { type Language, RTL_LANGUAGES } from './languages.ts';

/**
 * Store-authored text in several languages. A store writes each such text once in its default
 * language (the spec's own field, e.g. `page_paragraph_info`) and may add a translation per language it offers
 * in the field's `…_by_language` sibling. Readers pick with `pickLocalized`; the text's `lang` and direction
 * follow the language the text is really in, not the page's.
 */
// Its schema, `textByLanguage`: localized-text-schema.ts (this module has no Zod: the tracker's first
// screen picks its intro with `pickLocalized`).
export type TextByLanguage = Partial<Record<Language, string>>;

/** A language's family: es and es_ES, fr_CA and fr_FR stand in for each other before the default does. */
const family = (code: Language) => code.split('_')[0];

export interface LocalizedText {
  text: string;
  /** The language the text is written in. */
  language: Language;
  dir: 'ltr' | 'rtl';
}

/**
 * The text to show a reader of `wanted`: its own translation, else one of the same language family, else the
 * store's text in its default language (`base`, written in `baseLanguage`). Empty translations do not count.
 */
export function pickLocalized(
  base: string,
  byLanguage: TextByLanguage | undefined,
  wanted: Language,
  baseLanguage: Language,
): LocalizedText {
  const found = (code: Language) => byLanguage?.[code]?.trim();
  const sibling = (Object.keys(byLanguage ?? {}) as Language[]).find(
    (code) => family(code) === family(wanted) && found(code),
  );
  const chosen: Language | undefined = found(wanted) ? wanted : sibling;
  const text = chosen ? (byLanguage?.[chosen] ?? base) : base;
  const lang = chosen ?? baseLanguage;
  return { text, language: lang, dir: RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr' };
}

/** Every language a `…_by_language` map names must be one the store offers (the refinement's message). */
export function unofferedLanguages(byLanguage: TextByLanguage | undefined, offered: readonly Language[]) {
  return (Object.keys(byLanguage ?? {}) as Language[]).filter((code) => !offered.includes(code));
}
