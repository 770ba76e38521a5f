import { offeredLanguage } from '@trackwell/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageSelectorVisible } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { chooseLanguage } from '../../../lib/switch-language.ts';
import { useTranslationEnabled } from '../../auth/index.ts';
import { useTenantConfig } from '../../tenant/index.ts';
import { useAccount } from '../account-context.ts';
import type { AccountProfile, ProfileField, ProfileValue } from '../lib/myaccount.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { initialValues, type ProfileProblem, profileProblems, profileToSave } from '../lib/profile-form.ts';
import { useResource } from '../lib/use-resource.ts';
import { EditableField, ReadOnlyFields } from './profile-fields.tsx';
import { AccountScreen, Loaded } from './screen.tsx';

type ProfileData = { fields: ProfileField[]; profile: AccountProfile };

/** The built-in attributes have translated labels; a tenant's own attributes show the schema's title. */
const KNOWN_FIELDS = ['login', 'email', 'firstName', 'lastName', 'locale'] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];
const isKnown = (name: string): name is KnownField => (KNOWN_FIELDS as readonly string[]).includes(name);

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

/**
 * Saves the profile and says so, in the language it now has: the profile's language is the page's
 * language too (one preference), when the page offers a choice. Answers the saved profile, or undefined
 * after saying what went wrong.
 */
function useSaveProfile() {
  const { t, i18n } = useTranslation('account');
  const { client } = useAccount();
  const { ui } = useTenantConfig();
  const pageFollows = languageSelectorVisible(ui, useTranslationEnabled(ui));
  const [saving, setSaving] = useState(false);
  async function save(profile: Record<string, ProfileValue>): Promise<AccountProfile | undefined> {
    setSaving(true);
    try {
      const saved = await client.updateProfile(profile);
      const language = offeredLanguage(saved.profile.locale, ui.languages);
      if (pageFollows && language && language !== i18n.language)
        await chooseLanguage(i18n, language, ui.localeCookieEnv);
      notify.success(i18n.getFixedT(language ?? i18n.language, 'account')('profile.saved'));
      return saved;
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
      return undefined;
    } finally {
      setSaving(false);
    }
  }
  return { save, saving };
}

function ProfileForm({ data, onSaved }: { data: ProfileData; onSaved: (profile: AccountProfile) => void }) {
  const { t } = useTranslation('account');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = initialValues(data.fields, data.profile);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSaveProfile();
  const dirty = data.fields.some((f) => f.editable && values[f.name] !== initial[f.name]);

  const label = (field: ProfileField) =>
    isKnown(field.name) ? t(`profile.fields.${field.name}`) : field.title;
  const messageOf = (field: ProfileField, problem: ProfileProblem) =>
    t(`profile.errors.${problem}`, { field: label(field), max: field.maxLength });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = profileProblems(data.fields, values);
    setErrors(
      Object.fromEntries(
        data.fields.filter((f) => problems[f.name]).map((f) => [f.name, messageOf(f, problems[f.name]!)]),
      ),
    );
    const first = data.fields.find((f) => problems[f.name]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    const saved = await save(profileToSave(data.fields, values, data.profile));
    if (saved) {
      setValues(initialValues(data.fields, saved));
      onSaved(saved);
    }
  }

  return (
    <form ref={formRef} className="tw-account__card" onSubmit={submit} noValidate>
      <ReadOnlyFields fields={data.fields.filter((f) => !f.editable)} profile={data.profile} label={label} />
      {data.fields
        .filter((f) => f.editable)
        .map((field) => (
          <EditableField
            key={field.name}
            field={field}
            inputId={`${id}-${field.name}`}
            label={label(field)}
            value={values[field.name] ?? ''}
            initial={initial[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => setValues((was) => ({ ...was, [field.name]: value }))}
          />
        ))}
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
