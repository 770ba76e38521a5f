import { isOneTimeCode, ONE_TIME_CODE_LENGTH } from '@trackwell/contracts';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
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
 * The code form's state: a code of the wrong form is refused before a call; a refused code is said next to
 * the field (which takes the focus again); a new code clears the field and says it was sent.
 */
function useCodeForm(
  input: RefObject<HTMLInputElement | null>,
  onVerify: (code: string) => Promise<void>,
  onResend: () => Promise<void>,
) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'verify' | 'resend'>();
  const [resent, setResent] = useState(false);

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

  return { code, setCode, error, busy, resent, submit, resend };
}

/**
 * spec §4 "UNVERIFIED until a challenge is verified": the code form for a new e-mail address or phone number.
 * The field takes the focus when the form appears; a wrong code is said next to the field; "Send a new code"
 * starts a new challenge (the old code stops working).
 */
export function VerifyCodeForm({ destination, onVerify, onResend, onCancel }: VerifyCodeFormProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { code, setCode, error, busy, resent, submit, resend } = useCodeForm(input, onVerify, onResend);
  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <form className="tw-account__verify" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('verify.title')}
      </h3>
      <p id={`${id}-sent`}>
        {t('verify.sentTo')} <bdi className="tw-account__value">{destination}</bdi>
      </p>
      <Field
        inputRef={input}
        label={t('verify.codeLabel')}
        autoComplete="one-time-code"
        inputMode="numeric"
        inputClassName="tw-account__code"
        maxLength={ONE_TIME_CODE_LENGTH}
        dir="ltr"
        value={code}
        onChange={(value) => setCode(value.replace(/\D/g, ''))}
        error={error}
        describedBy={error ? [] : [`${id}-sent`]}
      />
      <div role="status" className="tw-account__status">
        {resent ? t('verify.resent') : ''}
      </div>
      <div className="tw-account__actions">
        <SubmitButton
          busy={busy === 'verify'}
          disabled={busy !== undefined}
          label={t('verify.submit')}
          busyLabel={t('verify.verifying')}
        />
        <SubmitButton
          type="button"
          variant="outline-secondary"
          busy={busy === 'resend'}
          disabled={busy !== undefined}
          label={t('verify.resend')}
          busyLabel={t('verify.resending')}
          onClick={() => void resend()}
        />
        <button type="button" className="btn btn-link" onClick={onCancel} disabled={busy !== undefined}>
          {t('verify.later')}
        </button>
      </div>
    </form>
  );
}
