import type { ConsoleStoreDefinition, ConsoleStorePatch } from '@trackwell/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import { notify } from '../../../../lib/notify.ts';
import { usePatchConsoleStoreMutation } from '../api.ts';
import { type FieldErrors, fieldErrorsOf, NO_ERRORS } from '../lib/field-errors.ts';
import { mergePatchOf } from '../lib/merge-patch.ts';
import type { EditDraft, SettingsDraft } from './controls.tsx';
import { FooterGroup } from './footer-group.tsx';
import { GeneralGroup, HostsGroup } from './general-groups.tsx';
import { IdentityGroup } from './identity-group.tsx';
import { IntroGroup, LanguagesGroup } from './language-groups.tsx';
import { RegistrationGroup } from './registration-group.tsx';
import { StoreDefinitionScreen } from './store-definition-screen.tsx';
import { FlagsGroup, TrackerGroup } from './tracker-groups.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import '../stores.css';

/** `/admin/stores/:code/settings`: the store's definition, its theme and logo aside. */
export function SettingsScreen({ code }: { code: string }) {
  return <StoreDefinitionScreen code={code} titleKey="settings.title" Form={SettingsForm} />;
}

const draftOf = ({ hosts, config, featureFlags }: ConsoleStoreDefinition): SettingsDraft =>
  structuredClone({ hosts, config, featureFlags });

/** The only parts that changed, as the PATCH's merge patch (hosts are sent whole). */
export function settingsPatch(before: SettingsDraft, after: SettingsDraft): ConsoleStorePatch {
  const patch: ConsoleStorePatch = {};
  const hosts = after.hosts.map((h) => h.trim());
  if (JSON.stringify(hosts) !== JSON.stringify(before.hosts)) patch.hosts = hosts;
  const config = mergePatchOf(before.config, after.config);
  if (config) patch.config = config as Record<string, unknown>;
  const featureFlags = mergePatchOf(before.featureFlags, after.featureFlags);
  if (featureFlags) patch.featureFlags = featureFlags as Record<string, unknown>;
  return patch;
}

function SettingsForm({ code, definition }: { code: string; definition: ConsoleStoreDefinition }) {
  const { t } = useTranslation('console-stores');
  const saved = useMemo(() => draftOf(definition), [definition]);
  const [draft, setDraft] = useState(saved);
  const [base, setBase] = useState(saved);
  // A newer definition (this form's save, or a refetch) becomes the form's starting point.
  if (base !== saved) {
    setBase(saved);
    setDraft(saved);
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [patchStore, { isLoading }] = usePatchConsoleStoreMutation();
  const summaryRef = useRef<HTMLDivElement>(null);
  const edit: EditDraft = (change) =>
    setDraft((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });
  const patch = settingsPatch(saved, draft);
  const changed = Object.keys(patch).length > 0;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setErrors(NO_ERRORS);
    const answer = await patchStore({ code, patch });
    if ('error' in answer) {
      setErrors(fieldErrorsOf(answer.error));
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    // The saved definition comes back as the query's data: the form starts again from it.
    notify.success(t('settings.saved'));
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  const groups = { draft, edit, errors };
  return (
    <form onSubmit={save} noValidate className="tw-stores__form">
      <div ref={summaryRef} tabIndex={-1} className="tw-stores__summary">
        {errors.message ? (
          <div className="alert alert-danger" role="alert">
            <p className="mb-0">{errors.message}</p>
            {Object.keys(errors.fields).length > 0 ? <p className="mb-0">{t('settings.seeFields')}</p> : null}
          </div>
        ) : null}
      </div>
      <HostsGroup {...groups} />
      <GeneralGroup {...groups} />
      <IdentityGroup {...groups} code={code} />
      <RegistrationGroup {...groups} />
      <LanguagesGroup {...groups} />
      <TrackerGroup {...groups} />
      <IntroGroup {...groups} />
      <FooterGroup {...groups} />
      <FlagsGroup {...groups} />
      <SaveBar
        changed={changed}
        busy={isLoading}
        onDiscard={() => {
          setDraft(saved);
          setErrors(NO_ERRORS);
        }}
      />
    </form>
  );
}

/**
 * Save (only once something changed) and "Discard changes", kept in view at the form's end; leaving with
 * unsaved changes asks first.
 */
export function SaveBar({
  changed,
  busy,
  onDiscard,
}: {
  changed: boolean;
  busy: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('console-stores');
  return (
    // Kept in view only while there is something to save: otherwise it sits at the form's end, covering nothing.
    <div className={`tw-stores__savebar${changed ? ' tw-stores__savebar--pending' : ''}`}>
      <UnsavedChangesGuard when={changed && !busy} />
      <p className="tw-stores__dirty mb-0" role="status">
        {changed ? t('settings.unsaved') : t('settings.noChanges')}
      </p>
      <div className="tw-stores__actions">
        <SubmitButton
          busy={busy}
          disabled={!changed}
          label={t('settings.save')}
          busyLabel={t('settings.saving')}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={!changed || busy}
          onClick={onDiscard}
        >
          {t('settings.discard')}
        </button>
      </div>
    </div>
  );
}
