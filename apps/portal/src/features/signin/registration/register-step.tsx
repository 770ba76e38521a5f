import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton, SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { CodeForm } from '../components/code-form.tsx';
import { ErrorAlert, StepHeading } from '../components/step-controls.tsx';
import type { AuthnErrorKey } from '../lib/authn-errors.ts';
import type { AuthnTransaction, OktaAuth } from '../lib/types.ts';
import { type FieldErrors, localErrors, RegisterFields } from './register-fields.tsx';
import {
  RegistrationError,
  type RegistrationInput,
  startRegistration,
  verifyRegistration,
} from './registration-api.ts';

export type RegisterStepProps = {
  oktaAuth: OktaAuth;
  tenantName: string;
  termsUrl: string;
  returnUrl: string;
  /** The sign-in that follows the verified code (SUCCESS, or the store's MFA steps). */
  onTransaction: (tx: AuthnTransaction) => void;
  onCancel: () => void;
};

const EMPTY: RegistrationInput = { email: '', firstName: '', lastName: '', password: '', acceptTerms: false };

/** Runs one call: busy while it runs, its refusal as a message key and, for bad input, the field's error. */
function useCall(onFieldError: (errors: FieldErrors) => void, fieldMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthnErrorKey | null>(null);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      const refusal = caught instanceof RegistrationError ? caught : new RegistrationError('errors.server');
      if (refusal.field) onFieldError({ [refusal.field]: fieldMessage });
      setError(refusal.key);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/**
 * "Create an account": the form, then the e-mailed six-digit code; once verified the account
 * is ACTIVE and the page signs in with the password just chosen. The code screen says the same whether or
 * not the address already had an account (the owner was e-mailed sign-in help instead).
 */
export function RegisterStep(props: RegisterStepProps) {
  const { t } = useTranslation('signin');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [token, setToken] = useState<string | null>(null);
  const call = useCall(setErrors, t('register.fieldRefused'));
  const set = (change: Partial<RegistrationInput>) => setValues((v) => ({ ...v, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = localErrors(values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const input = {
      ...values,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    };
    void call.run(async () => setToken((await startRegistration(input)).registrationToken));
  };
  const verify = (code: string) =>
    void call.run(async () => {
      await verifyRegistration(token ?? '', code);
      const tx = await props.oktaAuth.signInWithCredentials({
        username: values.email.trim(),
        password: values.password,
        relayState: props.returnUrl,
      });
      props.onTransaction(tx);
    });

  if (token)
    return (
      <div>
        <StepHeading>{t('register.codeTitle')}</StepHeading>
        <CodeForm
          intro={t('register.codeIntro', { email: values.email.trim() })}
          busy={call.busy}
          error={call.error}
          onSubmit={verify}
          submitLabel={t('register.verify')}
          submitBusyLabel={t('register.verifying')}
        />
        <LinkButton onClick={props.onCancel}>{t('register.backToSignIn')}</LinkButton>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate aria-busy={call.busy} aria-labelledby="register-title">
      <StepHeading>
        <span id="register-title">{t('register.title')}</span>
      </StepHeading>
      <p className="tw-lead">{t('register.intro', { tenantName: props.tenantName })}</p>
      <ErrorAlert error={call.error} id="register-error" />
      <RegisterFields values={values} errors={errors} termsUrl={props.termsUrl} set={set} />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <SubmitButton busy={call.busy} label={t('register.submit')} busyLabel={t('register.submitting')} />
        <LinkButton onClick={props.onCancel} disabled={call.busy}>
          {t('register.haveAccount')}
        </LinkButton>
      </div>
    </form>
  );
}
