import { type Language, RTL_LANGUAGES, SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_AUTONYMS } from '../../../../lib/language.ts';
import { errorAt } from '../lib/field-errors.ts';
import { Group, type SettingsDraft, SwitchField, TextAreaField } from './controls.tsx';
import type { GroupProps } from './general-groups.tsx';

/** Translations of languages no longer offered would be refused by the server: they go with the language. */
function dropUnoffered(d: SettingsDraft) {
  const offered = new Set(d.config.ui.languages);
  const keep = (map: Partial<Record<Language, string>> | undefined) =>
    map ? Object.fromEntries(Object.entries(map).filter(([lng]) => offered.has(lng as Language))) : map;
  const header = d.config.trackerSetting.header;
  if (header.page_paragraph_info_by_language)
    header.page_paragraph_info_by_language = keep(header.page_paragraph_info_by_language);
  if (d.config.footer.displayAddress_by_language)
    d.config.footer.displayAddress_by_language = keep(d.config.footer.displayAddress_by_language);
  for (const link of d.config.footer.socials.links)
    if (link.label_by_language) link.label_by_language = keep(link.label_by_language);
}

/** The languages offered, the default one, the language choice and the translation switch. */
export function LanguagesGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const id = useId();
  const { ui } = draft.config;
  const toggle = (lng: Language, on: boolean) =>
    edit((d) => {
      const set = new Set(d.config.ui.languages);
      if (on) set.add(lng);
      else set.delete(lng);
      d.config.ui.languages = SUPPORTED_LANGUAGES.filter((l) => set.has(l));
      dropUnoffered(d);
    });
  const languagesError = errorAt(errors, 'config.ui.languages');
  return (
    <Group legend={t('languages.legend')}>
      <OfferedLanguages id={id} languages={ui.languages} error={languagesError} onToggle={toggle} />
      <DefaultLanguageSelect id={id} draft={draft} edit={edit} />
      <SwitchField
        label={t('languages.selector')}
        checked={ui.languageSelector.enabled}
        error={errorAt(errors, 'config.ui.languageSelector')}
        onChange={(on) =>
          edit((d) => {
            d.config.ui.languageSelector = { enabled: on };
          })
        }
      />
      <SwitchField
        label={t('languages.translation')}
        hint={t('languages.translationHint')}
        checked={draft.featureFlags.enable_translation.enabled}
        onChange={(on) =>
          edit((d) => {
            d.featureFlags.enable_translation = { enabled: on };
          })
        }
      />
    </Group>
  );
}

/** A checkbox per supported language; the last one offered cannot be unchecked. */
function OfferedLanguages({
  id,
  languages,
  error,
  onToggle,
}: {
  /** The group's id, the checkboxes' and the error's ids derive from it. */
  id: string;
  languages: Language[];
  error: string | undefined;
  onToggle: (lng: Language, on: boolean) => void;
}) {
  const { t } = useTranslation('console-stores');
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6">{t('languages.offered')}</legend>
      <div className="tw-stores__checks">
        {SUPPORTED_LANGUAGES.map((lng) => (
          <div key={lng} className="form-check">
            <input
              id={`${id}-${lng}`}
              className="form-check-input"
              type="checkbox"
              checked={languages.includes(lng)}
              disabled={languages.length === 1 && languages[0] === lng}
              onChange={(event) => onToggle(lng, event.target.checked)}
            />
            <label htmlFor={`${id}-${lng}`} className="form-check-label" lang={lng.replace('_', '-')}>
              {LANGUAGE_AUTONYMS[lng]}
            </label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="tw-stores__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The default language, one of those offered. */
function DefaultLanguageSelect({ id, draft, edit }: { id: string } & Pick<GroupProps, 'draft' | 'edit'>) {
  const { t } = useTranslation('console-stores');
  const { ui } = draft.config;
  return (
    <div className="mb-3">
      <label htmlFor={`${id}-default`} className="form-label">
        {t('languages.default')}
      </label>
      <select
        id={`${id}-default`}
        className="form-select tw-stores__select"
        value={ui.defaultLanguage}
        onChange={(event) =>
          edit((d) => {
            d.config.ui.defaultLanguage = event.target.value as Language;
          })
        }
      >
        {ui.languages.map((lng) => (
          <option key={lng} value={lng}>
            {LANGUAGE_AUTONYMS[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The tracker page's intro: in the default language, and a translation per other language offered. */
export function IntroGroup({ draft, edit, errors }: GroupProps) {
  const { t } = useTranslation('console-stores');
  const { ui, trackerSetting } = draft.config;
  const header = trackerSetting.header;
  const others = ui.languages.filter((lng) => lng !== ui.defaultLanguage);
  const path = 'config.trackerSetting.header';
  return (
    <Group legend={t('intro.legend')}>
      <TextAreaField
        label={t('intro.default', { language: LANGUAGE_AUTONYMS[ui.defaultLanguage] })}
        value={header.page_paragraph_info}
        lang={ui.defaultLanguage.replace('_', '-')}
        dir={RTL_LANGUAGES.has(ui.defaultLanguage) ? 'rtl' : 'ltr'}
        error={errorAt(errors, `${path}.page_paragraph_info`)}
        onChange={(value) =>
          edit((d) => {
            d.config.trackerSetting.header.page_paragraph_info = value;
          })
        }
      />
      {others.map((lng) => (
        <TextAreaField
          key={lng}
          label={t('intro.translation', { language: LANGUAGE_AUTONYMS[lng] })}
          value={header.page_paragraph_info_by_language?.[lng] ?? ''}
          lang={lng.replace('_', '-')}
          dir={RTL_LANGUAGES.has(lng) ? 'rtl' : 'ltr'}
          rows={3}
          error={errorAt(errors, `${path}.page_paragraph_info_by_language.${lng}`)}
          onChange={(value) =>
            edit((d) => {
              const h = d.config.trackerSetting.header;
              const map = { ...h.page_paragraph_info_by_language };
              if (value) map[lng] = value;
              else delete map[lng];
              h.page_paragraph_info_by_language = Object.keys(map).length > 0 ? map : undefined;
            })
          }
        />
      ))}
      {errors.fields[`${path}.page_paragraph_info_by_language`] ? (
        <p className="tw-stores__error">{errors.fields[`${path}.page_paragraph_info_by_language`]}</p>
      ) : null}
    </Group>
  );
}
