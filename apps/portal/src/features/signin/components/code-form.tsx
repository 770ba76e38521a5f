import { isOneTimeCode, ONE_TIME_CODE_LENGTH } from '@trackwell/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { CheckboxField, Field } from '../../../components/forms/form-field.tsx';
import type { AuthnErrorKey } from '../lib/authn-errors.ts';
import { ErrorAlert } from './step-controls.tsx';

/**
 * A six-digit code form (e-mail code, authenticator app, enrolment activation): one-time-code autocomplete,
 * numeric keyboard, the optional "remember this device" option, and a resend button where the factor has one.
 */
export function CodeForm({
  intro,
  busy,
  error,
  onSubmit,
  onResend,
  rememberDevice,
  children,
  submitLabel,
  submitBusyLabel,
}: {
  intro: ReactNode;
  busy: boolean;
  error: AuthnErrorKey | null;
  onSubmit: (code: string) => void;
  onResend?: (() => void) | undefined;
  rememberDevice?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
  children?: ReactNode;
  /** The submit button's words, when not "Verify" (e.g. registration's "Activate account"). */
  submitLabel?: string;
  submitBusyLabel?: string;
}) {
  const { t } = useTranslation('signin');
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const missing = checked && !isOneTimeCode(code.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!isOneTimeCode(code.trim())) return;
    onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <p className="tw-lead">{intro}</p>
      {children}
      <ErrorAlert error={error} id="signin-code-error" />
      <Field
        label={t('fields.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={setCode}
        maxLength={ONE_TIME_CODE_LENGTH}
        pattern="[0-9]*"
        hint={t('fields.codeHint')}
        error={missing ? t('fields.codeMissing') : null}
        describedBy={error ? ['signin-code-error'] : []}
        dir="ltr"
      />
      {rememberDevice ? (
        <CheckboxField
          label={t('options.rememberDevice')}
          hint={t('options.rememberDeviceHint')}
          checked={rememberDevice.checked}
          onChange={rememberDevice.onChange}
        />
      ) : null}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <SubmitButton
          busy={busy}
          label={submitLabel ?? t('mfa.verify')}
          busyLabel={submitBusyLabel ?? t('mfa.verifying')}
        />
        {onResend ? (
          <button type="button" className="btn btn-outline-secondary" onClick={onResend} disabled={busy}>
            {t('mfa.resend')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
