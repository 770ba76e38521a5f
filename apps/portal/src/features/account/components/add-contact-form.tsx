import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';

export type AddContactFormProps = {
  title: string;
  label: string;
  hint: string;
  submit: string;
  /** The submit button's text while the value is being added. */
  submitting: string;
  /** Said next to the field when `isValid` refuses the value (nothing is sent then). */
  invalid: string;
  /** The field's type, which is also its autocomplete token. */
  type: 'email' | 'tel';
  /** The same check as the identity provider's, so a value it would refuse is never sent. */
  isValid: (value: string) => boolean;
  /** Adds the trimmed value (and sends it a code); throws the SDK's error when it is refused. */
  onAdd: (value: string) => Promise<void>;
};

/**
 * Adding an e-mail address or a phone number: one field, checked before it is sent; a refusal (the client's
 * check or the server's) is said next to the field, which takes the focus back.
 */
export function AddContactForm({
  title,
  label,
  hint,
  submit,
  submitting,
  invalid,
  type,
  isValid,
  onAdd,
}: AddContactFormProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    if (!isValid(trimmed)) {
      setError(invalid);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onAdd(trimmed);
      setValue('');
    } catch (failure) {
      setError(describeMyAccountError(failure, t));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tw-account__add" onSubmit={add} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {title}
      </h3>
      <div className="mb-3">
        <label htmlFor={`${id}-value`} className="form-label">
          {label}
        </label>
        <input
          ref={input}
          id={`${id}-value`}
          type={type}
          className={`form-control${error ? ' is-invalid' : ''}`}
          autoComplete={type}
          dir="ltr"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : (
          <div id={`${id}-hint`} className="form-text">
            {hint}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? submitting : submit}
      </button>
    </form>
  );
}
