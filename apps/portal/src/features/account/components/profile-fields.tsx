import { offeredLanguage } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { toBcp47 } from '../../../lib/i18n.ts';
import { LANGUAGE_AUTONYMS } from '../../../lib/language.ts';
import { useTenantConfig } from '../../tenant/index.ts';
import type { AccountProfile, ProfileField } from '../lib/myaccount.ts';

/** The profile form's fields: what the store keeps read-only, and one labelled input per editable attribute. */

export function ReadOnlyFields({
  fields,
  profile,
  label,
}: {
  fields: ProfileField[];
  profile: AccountProfile;
  label: (field: ProfileField) => string;
}) {
  const { t } = useTranslation('account');
  if (!fields.length) return null;
  return (
    <div className="tw-account__readonly">
      <dl className="mb-0">
        {fields.map((field) => (
          <div key={field.name} className="tw-account__readonly-row">
            <dt>{label(field)}</dt>
            <dd>
              <bdi>{profile.profile[field.name] || t('profile.notSet')}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="tw-account__hint mb-0">{t('profile.readOnlyHint')}</p>
    </div>
  );
}

type EditableFieldProps = {
  field: ProfileField;
  inputId: string;
  label: string;
  value: string;
  initial: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

export function EditableField({
  field,
  inputId,
  label,
  value,
  initial,
  error,
  onChange,
}: EditableFieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={inputId} className="form-label">
        {label}
        {field.required ? (
          <span className="tw-account__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {field.name === 'locale' ? (
        <LanguageSelect id={inputId} value={value} initial={initial} onChange={onChange} />
      ) : (
        <input
          id={inputId}
          name={field.name}
          type={field.format === 'email' ? 'email' : 'text'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={value}
          required={field.required}
          aria-required={field.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          autoComplete={autoCompleteOf(field.name)}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <div id={`${inputId}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The profile's language is a choice of the store's languages, each in its own name, never free
 * text. "Not set" is offered only while nothing (or an old free-text value) is stored.
 */
function LanguageSelect({
  id,
  value,
  initial,
  onChange,
}: {
  id: string;
  value: string;
  initial: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('account');
  const { ui } = useTenantConfig();
  const unset = !offeredLanguage(initial, ui.languages);
  return (
    <select
      id={id}
      name="locale"
      className="form-select"
      value={offeredLanguage(value, ui.languages) ?? ''}
      onChange={(event) => onChange(event.target.value)}
    >
      {unset ? <option value="">{t('profile.notSet')}</option> : null}
      {ui.languages.map((lng) => (
        <option key={lng} value={lng} lang={toBcp47(lng)}>
          {LANGUAGE_AUTONYMS[lng]}
        </option>
      ))}
    </select>
  );
}

function autoCompleteOf(name: string): string | undefined {
  if (name === 'firstName') return 'given-name';
  if (name === 'lastName') return 'family-name';
  if (name === 'email') return 'email';
  return undefined;
}
