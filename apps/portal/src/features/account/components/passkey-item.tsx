import { PASSKEY_NAME_MAX, passkeyNameProblem } from '@trackwell/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountPasskey } from '../lib/passkeys.ts';

/**
 * One passkey of the Passkeys screen: its name, when it was added and last used, Rename (an
 * inline form: the name is checked by the contract's rule before it is sent, a refusal is shown under the
 * field; Escape or Cancel closes it, and the focus goes back to Rename) and Remove.
 */
export function PasskeyItem({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: AccountPasskey;
  busy: boolean;
  /** Saves the new name; resolves to the refusal to show under the field, or null once renamed. */
  onRename: (name: string) => Promise<string | null>;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);
  const format = new Intl.DateTimeFormat(i18n.language.replaceAll('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li className="tw-devices__item">
      <div className="tw-devices__head">
        <span className="fw-semibold tw-devices__name" dir="auto">
          {passkey.name}
        </span>
      </div>
      <dl className="tw-devices__facts">
        <dt>{t('passkeys.created')}</dt>
        <dd>{format.format(new Date(passkey.createdAt))}</dd>
        <dt>{t('passkeys.lastUsed')}</dt>
        <dd>{passkey.lastUsedAt ? format.format(new Date(passkey.lastUsedAt)) : t('passkeys.neverUsed')}</dd>
      </dl>
      {renaming ? (
        <RenameForm passkey={passkey} onSave={onRename} onClose={() => setRenaming(false)} />
      ) : (
        <div className="tw-devices__actions">
          <button
            ref={renameButton}
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={busy}
            aria-label={t('passkeys.renameNamed', { name: passkey.name })}
            onClick={() => setRenaming(true)}
          >
            {t('passkeys.rename')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={busy}
            aria-label={t('passkeys.removeNamed', { name: passkey.name })}
            onClick={onRemove}
          >
            {t('passkeys.remove')}
          </button>
        </div>
      )}
    </li>
  );
}

function RenameForm({
  passkey,
  onSave,
  onClose,
}: {
  passkey: AccountPasskey;
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const id = `tw-passkey-rename-${passkey.id}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passkeyNameProblem(name);
    if (problem) {
      setError(t(`passkeys.nameProblem.${problem}`, { max: PASSKEY_NAME_MAX }));
      input.current?.focus();
      return;
    }
    setSaving(true);
    const refusal = await onSave(name.trim());
    setSaving(false);
    if (refusal === null) return onClose();
    setError(refusal);
    input.current?.focus();
  }
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <form
      className="tw-devices__rename"
      onSubmit={submit}
      onKeyDown={cancelOnEscape}
      aria-busy={saving}
      noValidate
    >
      <label className="form-label" htmlFor={id}>
        {t('passkeys.newName', { name: passkey.name })}
      </label>
      <input
        id={id}
        ref={input}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        dir="auto"
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {error}
        </div>
      ) : null}
      <div className="tw-devices__actions mt-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {t('passkeys.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}
