import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import { Field } from '../../../../components/forms/form-field.tsx';
import { notify } from '../../../../lib/notify.ts';
import { useCreateConsoleStoreMutation } from '../api.ts';
import { errorAt, type FieldErrors, fieldErrorsOf, NO_ERRORS } from '../lib/field-errors.ts';
import { HostsEditor } from './hosts-editor.tsx';
import '../stores.css';

/**
 * "Create a store" (operators only): code, name and hosts, the first canonical. The new store opens at
 * its settings; a refused field is named beside it, a code already taken beside the code.
 */
export function CreateStoreForm({ onCancel }: { onCancel: () => void }) {
  const { ready } = useTranslation('console-stores');
  if (!ready) return null;
  return <CreateStoreFormContent onCancel={onCancel} />;
}

/** The button beside the stores' heading that opens the form. */
export function CreateStoreButton({
  open,
  onClick,
  ref,
}: {
  open: boolean;
  onClick: () => void;
  ref: Ref<HTMLButtonElement>;
}) {
  const { t, ready } = useTranslation('console-stores');
  if (!ready) return null;
  return (
    <button ref={ref} type="button" className="btn btn-primary" aria-expanded={open} onClick={onClick}>
      {t('create.open')}
    </button>
  );
}

function CreateStoreFormContent({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('console-stores');
  const navigate = useNavigate();
  const headingId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [hosts, setHosts] = useState(['']);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [create, { isLoading }] = useCreateConsoleStoreMutation();

  useEffect(() => codeRef.current?.focus(), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors(NO_ERRORS);
    const body = { code: code.trim(), name: name.trim(), hosts: hosts.map((h) => h.trim()).filter(Boolean) };
    const answer = await create(body);
    if ('error' in answer) {
      const found = fieldErrorsOf(answer.error);
      const status = (answer.error as { status?: unknown }).status;
      if (status === 409) found.fields.code = t('create.exists');
      setErrors(found);
      return;
    }
    notify.success(t('create.done', { name: body.name }));
    navigate(`/admin/stores/${answer.data.code}/settings`);
  }

  const unnamed = errors.message && Object.keys(errors.fields).length === 0 ? errors.message : null;
  return (
    <section className="tw-stores__panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="h5">
        {t('create.title')}
      </h3>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('create.code')}
          value={code}
          onChange={setCode}
          autoComplete="off"
          hint={t('create.codeHint')}
          error={errorAt(errors, 'code')}
          inputRef={codeRef}
          dir="ltr"
          maxLength={32}
        />
        <Field
          label={t('fields.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          error={errorAt(errors, 'name')}
          maxLength={120}
        />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('hosts.legend')}</legend>
          <p className="form-text mt-0">{t('hosts.hint')}</p>
          <HostsEditor hosts={hosts} onChange={setHosts} errors={errors} />
        </fieldset>
        {unnamed ? (
          <p className="alert alert-danger" role="alert">
            {unnamed}
          </p>
        ) : null}
        <div className="tw-stores__actions">
          <SubmitButton busy={isLoading} label={t('create.submit')} busyLabel={t('create.busy')} />
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
