import type { Language } from '@trackwell/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toBcp47 } from '../../lib/i18n.ts';
import { asLanguage, LANGUAGE_AUTONYMS } from '../../lib/language.ts';
import { chooseLanguage } from '../../lib/switch-language.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { GlobeIcon } from '../ui/icons.tsx';

export type LanguageSelectorProps = {
  languages: readonly Language[];
  /** `ui.localeCookieEnv`: the cookie is `locale_{env}` (spec §9). */
  cookieEnv: string;
  /**
   * Signed in: also saves the choice as the person's profile language (one preference, which
   * e-mails follow). Rejects when it could not be saved: the page keeps the language and says so.
   */
  saveToProfile?: ((lng: Language) => Promise<void>) | undefined;
};

/**
 * spec §2 Header "Optional language selector", §4 "Choosing a language saves the preference and switches the
 * language": a native select (keyboard, screen readers and phones handle it well), each language in its own
 * name. Saving and switching: `chooseLanguage` (lib/switch-language.ts).
 */
export function LanguageSelector({ languages, cookieEnv, saveToProfile }: LanguageSelectorProps) {
  const { t, i18n } = useTranslation();
  const live = useHydrated();
  const id = useId();
  const [chosen, setChosen] = useState<Language>();
  const current = chosen ?? asLanguage(i18n.language) ?? languages[0];

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const lng = asLanguage(event.target.value);
    if (!lng) return;
    setChosen(lng);
    void chooseLanguage(i18n, lng, cookieEnv);
    // The toasts' library stays out of the first download (lib/notify.ts is loaded when needed).
    saveToProfile?.(lng).catch(async () => {
      const { notify } = await import('../../lib/notify.ts');
      notify.error(i18n.getFixedT(lng)('header.languageNotSaved'));
    });
  }

  return (
    <div className="tw-language">
      <label htmlFor={id} className="tw-language__label">
        <GlobeIcon />
        <span className="tw-visually-hidden">{t('header.language')}</span>
      </label>
      <select
        id={id}
        className="form-select form-select-sm tw-language__select"
        value={current}
        onChange={onChange}
        // A choice made before the portal's script runs would be lost (lib/use-hydrated.ts).
        disabled={!live}
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={toBcp47(lng)}>
            {LANGUAGE_AUTONYMS[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
