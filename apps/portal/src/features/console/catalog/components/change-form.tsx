import type { CatalogEventKind } from '@trackwell/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import { CHANGE_FIELDS, CHANGE_KINDS } from '../lib/change-form.ts';
import { useChangeForm } from '../lib/use-change-form.ts';
import { ChangeFieldInput } from './change-fields.tsx';
import { ChangePreviewReport, PublishedReport } from './change-preview.tsx';
import { focusFirstInvalid, InputField, SelectField } from './fields.tsx';

/**
 * Publish a catalogue change: its kind and fields, **Preview** (whom it would e-mail, nothing
 * written), then **Publish** exactly what was previewed. The server's 400 names fields: shown beside them.
 */
export function ChangeForm({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const form = useChangeForm(code);
  const formRef = useRef<HTMLFormElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const focusReport = () => requestAnimationFrame(() => reportRef.current?.focus());
  const message = (path: string) => {
    const error = form.errorOf(path);
    return error === 'required' ? t('changes.required') : error;
  };

  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-changes-form-title">
      <h3 id="tw-changes-form-title" className="h5">
        {t('changes.formTitle')}
      </h3>
      <p className="text-body-secondary">{t('changes.intro')}</p>
      <form
        ref={formRef}
        aria-labelledby="tw-changes-form-title"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (await form.runPreview()) focusReport();
          else focusFirstInvalid(formRef.current);
        }}
      >
        <div className="tw-catalog__grid">
          <SelectField
            name="type"
            label={t('changes.kind')}
            value={form.kind}
            disabled={form.busy}
            error={message('type')}
            onChange={(value) => form.setKind(value as CatalogEventKind)}
            options={CHANGE_KINDS.map((k) => ({ value: k, label: t(`eventKinds.${k}`) }))}
          />
          <InputField
            name="id"
            label={t('changes.eventId')}
            hint={t('changes.eventIdHint')}
            value={form.eventId}
            onChange={form.setEventId}
            error={message('id')}
            disabled={form.busy}
            required
            dir="ltr"
            maxLength={200}
          />
        </div>
        <fieldset className="tw-catalog__fieldset">
          <legend className="h6">{t(`eventKinds.${form.kind}`)}</legend>
          {CHANGE_FIELDS[form.kind].map((field) => (
            <ChangeFieldInput
              key={`${form.kind}-${field.path}`}
              code={code}
              field={field}
              value={form.values[field.path] ?? ''}
              error={message(field.path)}
              disabled={form.busy}
              onChange={(value) => form.change(field.path, value)}
            />
          ))}
        </fieldset>
        <GeneralError error={form.generalError} unmatched={form.unmatched} />
        <ChangeActions
          form={form}
          onPublish={async () => {
            if (await form.runPublish()) focusReport();
            else focusFirstInvalid(formRef.current);
          }}
        />
      </form>
      <div ref={reportRef} tabIndex={-1} className="tw-catalog__focus-target">
        {form.preview ? <ChangePreviewReport preview={form.preview} /> : null}
        {form.published ? <PublishedReport result={form.published} /> : null}
      </div>
    </section>
  );
}

/** The server's refusal when it names no field on screen. */
function GeneralError({ error, unmatched }: { error: unknown; unmatched: [string, string][] }) {
  const { t } = useTranslation('console-catalog');
  if (!error) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {(error as { data?: { message?: string } }).data?.message ?? t('changes.failed')}
      {unmatched.map(([path, text]) => (
        <div key={path} dir="auto">
          {text}
        </div>
      ))}
    </div>
  );
}

/** Preview (the form's submit) and Publish, which waits for a preview of exactly what is on screen. */
function ChangeActions({
  form,
  onPublish,
}: {
  form: ReturnType<typeof useChangeForm>;
  onPublish: () => void;
}) {
  const { t } = useTranslation('console-catalog');
  return (
    <>
      <div className="tw-catalog__actions">
        <SubmitButton
          busy={form.previewing}
          label={t('changes.preview')}
          busyLabel={t('changes.previewing')}
          variant="primary"
        />
        <SubmitButton
          type="button"
          busy={form.publishing}
          disabled={!form.preview || form.busy}
          label={t('changes.publish')}
          busyLabel={t('changes.publishing')}
          onClick={onPublish}
        />
      </div>
      {form.preview ? null : (
        <p className="form-text">{form.stalePreview ? t('changes.stale') : t('changes.publishHint')}</p>
      )}
    </>
  );
}
