import { isOneTimeCode, ONE_TIME_CODE_LENGTH } from '@trackwell/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';

export type VerifyCodeFormProps = {
  /** Where the code went: an e-mail address or a phone number (shown, and read out). */
  destination: string;
  /** Checks the code; throws the SDK's error when it is refused. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code (a new challenge). */
  onResend: () => Promise<void>;
  /** Leaves the address or number unverified for now. */
  onCancel: () => void;
};

/**
 * spec §4 "UNVERIFIED until a challenge is verified": the code form for a new e-mail address or phone number.
 * The field takes the focus when the form appears; a wrong code is said next to the field; "Send a new code"
 * starts a new challenge (the old code stops working).
 */
export function VerifyCodeForm({ destination, onVerify, onResend, onCancel }: VerifyCodeFormProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'verify' | 'resend'>();
  const [resent, setResent] = useState(false);

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!isOneTimeCode(value)) {
      setError(t('verify.codeFormat'));
      input.current?.focus();
      return;
    }
    setBusy('verify');
    setError(undefined);
    try {
      await onVerify(value);
    } catch (failure) {
      setError(describeMyAccountError(failure, t));
      input.current?.focus();
    } finally {
      setBusy(undefined);
    }
  }

  async function resend() {
    setBusy('resend');
    setError(undefined);
    setResent(false);
    try {
      await onResend();
      setCode('');
      setResent(true);
      input.current?.focus();
    } catch (failure) {
      setError(describeMyAccountError(failure, t));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <form className="tw-account__verify" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('verify.title')}
      </h3>
      <p id={`${id}-sent`}>
        {t('verify.sentTo')} <bdi className="tw-account__value">{destination}</bdi>
      </p>
      <div className="mb-3">
        <label htmlFor={`${id}-code`} className="form-label">
          {t('verify.codeLabel')}
        </label>
        <input
          ref={input}
          id={`${id}-code`}
          className={`form-control tw-account__code${error ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ONE_TIME_CODE_LENGTH}
          dir="ltr"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-sent`}
        />
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
      </div>
      <div role="status" className="tw-account__status">
        {resent ? t('verify.resent') : ''}
      </div>
      <div className="tw-account__actions">
        <button type="submit" className="btn btn-primary" disabled={busy !== undefined}>
          {busy === 'verify' ? t('verify.verifying') : t('verify.submit')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => void resend()}
          disabled={busy !== undefined}
        >
          {busy === 'resend' ? t('verify.resending') : t('verify.resend')}
        </button>
        <button type="button" className="btn btn-link" onClick={onCancel} disabled={busy !== undefined}>
          {t('verify.later')}
        </button>
      </div>
    </form>
  );
}
