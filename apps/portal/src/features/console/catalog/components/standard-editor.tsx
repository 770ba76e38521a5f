import { STANDARD_STATUSES } from '@trackwell/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import {
  type ConsoleStandard,
  type StandardPatch,
  usePatchCatalogStandardMutation,
} from '../api/catalog-api.ts';
import { fieldErrorsOf } from '../lib/field-errors.ts';
import { focusFirstInvalid, InputField, SelectField } from './fields.tsx';

type Draft = Record<
  'title' | 'status' | 'edition' | 'publishedOn' | 'committeeDesignation' | 'icsCodes',
  string
>;

const draftOf = (s: ConsoleStandard): Draft => ({
  title: s.title,
  status: s.status,
  edition: s.edition,
  publishedOn: s.publishedOn,
  committeeDesignation: s.committee?.designation ?? '',
  icsCodes: s.icsCodes.join('; '),
});

/** Only what was changed is sent. */
function patchOf(before: Draft, after: Draft): StandardPatch {
  const patch: StandardPatch = {};
  for (const key of Object.keys(after) as (keyof Draft)[]) {
    if (after[key] === before[key]) continue;
    if (key === 'icsCodes') {
      patch.icsCodes = after.icsCodes
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
    } else if (key === 'status') patch.status = after.status as ConsoleStandard['status'];
    else patch[key] = after[key].trim();
  }
  return patch;
}

/** Edits one standard; the answer names the change event the edit recorded (a new edition, a withdrawal). */
export function StandardEditor({
  code,
  standard,
  onClose,
}: {
  code: string;
  standard: ConsoleStandard;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-catalog');
  const initial = useRef(draftOf(standard)).current;
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState<string | null>(null);
  const [patch, result] = usePatchCatalogStandardMutation();
  const form = useRef<HTMLFormElement>(null);
  const errors = fieldErrorsOf(result.error);
  const errorOf = (field: keyof Draft) =>
    errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1] ?? null;
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function save() {
    setSaved(null);
    const changes = patchOf(initial, draft);
    if (Object.keys(changes).length === 0) return setSaved(t('editor.nothing'));
    const answer = await patch({ code, contentCode: standard.contentCode, patch: changes });
    if ('error' in answer) return focusFirstInvalid(form.current);
    const event = answer.data.event;
    setSaved(
      event
        ? t('editor.savedEvent', {
            event: t(`eventKinds.${event.kind as 'new_edition'}`),
            count: event.recipients ?? 0,
          })
        : t('editor.saved'),
    );
  }

  const generalError = result.error && Object.keys(errors).length === 0 ? result.error : null;
  return (
    <form
      ref={form}
      className="tw-catalog__editor"
      aria-labelledby="tw-catalog-editor-title"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h4 id="tw-catalog-editor-title" className="h6">
        {t('editor.title', { designation: standard.designation })}
      </h4>
      <DraftFields draft={draft} set={set} errorOf={errorOf} />
      {generalError ? (
        <div className="alert alert-danger" role="alert">
          {(generalError as { data?: { message?: string } }).data?.message ?? t('editor.failed')}
        </div>
      ) : null}
      {saved ? (
        <div className="alert alert-success" role="status">
          {saved}
        </div>
      ) : null}
      <div className="tw-catalog__actions">
        <SubmitButton busy={result.isLoading} label={t('editor.save')} busyLabel={t('editor.saving')} />
        <button type="button" className="btn btn-outline-primary" onClick={onClose}>
          {t('editor.close')}
        </button>
      </div>
    </form>
  );
}

/** The standard's editable fields, each with the error the server named for it. */
function DraftFields({
  draft,
  set,
  errorOf,
}: {
  draft: Draft;
  set: (field: keyof Draft) => (value: string) => void;
  errorOf: (field: keyof Draft) => string | null;
}) {
  const { t } = useTranslation('console-catalog');
  return (
    <>
      <InputField
        name="title"
        label={t('editor.titleField')}
        value={draft.title}
        onChange={set('title')}
        error={errorOf('title')}
        required
        dir="auto"
        maxLength={500}
      />
      <div className="tw-catalog__grid">
        <SelectField
          name="status"
          label={t('editor.status')}
          value={draft.status}
          onChange={set('status')}
          error={errorOf('status')}
          options={STANDARD_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
        <InputField
          name="edition"
          label={t('editor.edition')}
          value={draft.edition}
          onChange={set('edition')}
          error={errorOf('edition')}
          required
          dir="ltr"
          maxLength={64}
        />
        <InputField
          name="publishedOn"
          type="date"
          label={t('editor.publishedOn')}
          value={draft.publishedOn}
          onChange={set('publishedOn')}
          error={errorOf('publishedOn')}
          required
        />
        <InputField
          name="committeeDesignation"
          label={t('editor.committee')}
          value={draft.committeeDesignation}
          onChange={set('committeeDesignation')}
          error={errorOf('committeeDesignation')}
          dir="ltr"
          maxLength={64}
        />
      </div>
      <InputField
        name="icsCodes"
        label={t('editor.icsCodes')}
        hint={t('editor.icsHint')}
        value={draft.icsCodes}
        onChange={set('icsCodes')}
        error={errorOf('icsCodes')}
        dir="ltr"
      />
    </>
  );
}
