import { offeredLanguage } from '@trackwell/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toBcp47 } from '../../../lib/i18n.ts';
import { LANGUAGE_AUTONYMS, languageSelectorVisible } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { chooseLanguage } from '../../../lib/switch-language.ts';
import { useTranslationEnabled } from '../../auth/index.ts';
import { useTenantConfig } from '../../tenant/index.ts';
import { useAccount } from '../account-context.ts';
import type { AccountProfile, ProfileField, ProfileValue } from '../lib/myaccount.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { useResource } from '../lib/use-resource.ts';
import { AccountScreen, Loaded } from './screen.tsx';

type ProfileData = { fields: ProfileField[]; profile: AccountProfile };

/** The built-in attributes have translated labels; a tenant's own attributes show the schema's title. */
const KNOWN_FIELDS = ['login', 'email', 'firstName', 'lastName', 'locale'] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];
const isKnown = (name: string): name is KnownField => (KNOWN_FIELDS as readonly string[]).includes(name);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const hasControlCharacters = (value: string) => [...value].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20);

/** spec §7 GET /idp/myaccount/profile and /profile/schema: the form is built from the schema. */
export function ProfileScreen() {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  const { state, reload, replace } = useResource<ProfileData>(async () => {
    const [fields, profile] = await Promise.all([client.getProfileFields(), client.getProfile()]);
    return { fields, profile };
  });
  return (
    <AccountScreen title={t('profile.title')}>
      <p className="tw-account__intro">{t('profile.intro')}</p>
      <Loaded resource={state} onRetry={() => void reload()}>
        {(data) => (
          <ProfileForm data={data} onSaved={(profile) => replace({ fields: data.fields, profile })} />
        )}
      </Loaded>
    </AccountScreen>
  );
}

function initialValues(fields: ProfileField[], profile: AccountProfile): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, profile.profile[f.name] ?? '']));
}

function ProfileForm({ data, onSaved }: { data: ProfileData; onSaved: (profile: AccountProfile) => void }) {
  const { t, i18n } = useTranslation('account');
  const { client } = useAccount();
  const { ui } = useTenantConfig();
  const pageFollows = languageSelectorVisible(ui, useTranslationEnabled(ui));
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = initialValues(data.fields, data.profile);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = data.fields.some((f) => f.editable && values[f.name] !== initial[f.name]);

  const label = (field: ProfileField) =>
    isKnown(field.name) ? t(`profile.fields.${field.name}`) : field.title;

  /** spec §5 "Other user-facing field validation: not shown": the identity provider's own rules, said early. */
  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const field of data.fields) {
      // The language is chosen from a list (an old free-text value is sent back as it was).
      if (!field.editable || field.name === 'locale') continue;
      const value = (values[field.name] ?? '').trim();
      if (field.required && !value) found[field.name] = t('profile.errors.required', { field: label(field) });
      else if (field.maxLength && value.length > field.maxLength)
        found[field.name] = t('profile.errors.tooLong', { field: label(field), max: field.maxLength });
      else if (hasControlCharacters(value))
        found[field.name] = t('profile.errors.invalid', { field: label(field) });
      else if (field.format === 'email' && value && !EMAIL_PATTERN.test(value))
        found[field.name] = t('profile.errors.email', { field: label(field) });
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const first = data.fields.find((f) => found[f.name]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    // spec §7 PUT /idp/myaccount/profile: the full profile; an emptied optional value is sent as null.
    const profile: Record<string, ProfileValue> = { ...data.profile.profile };
    for (const field of data.fields) {
      if (!field.editable) continue;
      const value = (values[field.name] ?? '').trim();
      profile[field.name] = value === '' && !field.required ? null : value;
    }
    setSaving(true);
    try {
      const saved = await client.updateProfile(profile);
      // The profile's language is the page's language too (one preference).
      const language = offeredLanguage(saved.profile.locale, ui.languages);
      if (pageFollows && language && language !== i18n.language)
        await chooseLanguage(i18n, language, ui.localeCookieEnv);
      notify.success(i18n.getFixedT(language ?? i18n.language, 'account')('profile.saved'));
      setValues(initialValues(data.fields, saved));
      onSaved(saved);
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setSaving(false);
    }
  }

  const editable = data.fields.filter((f) => f.editable);
  const readOnly = data.fields.filter((f) => !f.editable);

  return (
    <form ref={formRef} className="tw-account__card" onSubmit={submit} noValidate>
      {readOnly.length ? (
        <div className="tw-account__readonly">
          <dl className="mb-0">
            {readOnly.map((field) => (
              <div key={field.name} className="tw-account__readonly-row">
                <dt>{label(field)}</dt>
                <dd>
                  <bdi>{data.profile.profile[field.name] || t('profile.notSet')}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <p className="tw-account__hint mb-0">{t('profile.readOnlyHint')}</p>
        </div>
      ) : null}
      {editable.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = errors[field.name];
        return (
          <div key={field.name} className="mb-3">
            <label htmlFor={inputId} className="form-label">
              {label(field)}
              {field.required ? (
                <span className="tw-account__required" aria-hidden="true">
                  {' *'}
                </span>
              ) : null}
            </label>
            {field.name === 'locale' ? (
              <LanguageSelect
                id={inputId}
                value={values.locale ?? ''}
                initial={initial.locale ?? ''}
                onChange={(value) => setValues((was) => ({ ...was, locale: value }))}
              />
            ) : (
              <input
                id={inputId}
                name={field.name}
                type={field.format === 'email' ? 'email' : 'text'}
                className={`form-control${error ? ' is-invalid' : ''}`}
                value={values[field.name] ?? ''}
                required={field.required}
                aria-required={field.required || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                autoComplete={autoCompleteOf(field.name)}
                onChange={(event) => setValues((was) => ({ ...was, [field.name]: event.target.value }))}
              />
            )}
            {error ? (
              <div id={`${inputId}-error`} className="invalid-feedback d-block">
                {error}
              </div>
            ) : null}
          </div>
        );
      })}
      <p className="tw-account__hint">{t('profile.requiredHint')}</p>
      <div className="tw-account__actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('profile.saving') : t('profile.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={saving || !dirty}
          onClick={() => {
            setValues(initial);
            setErrors({});
          }}
        >
          {t('profile.discard')}
        </button>
      </div>
    </form>
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
