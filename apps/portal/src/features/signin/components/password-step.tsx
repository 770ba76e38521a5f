import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton, SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import type { AuthnTransaction, OktaAuth } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { ErrorAlert, StepHeading } from './step-controls.tsx';

type PasswordStepProps = {
  oktaAuth: OktaAuth;
  tenantName: string;
  returnUrl: string;
  /** A translated message shown above the form (e.g. "Your account is unlocked"). */
  notice?: string | undefined;
  initialUsername?: string;
  onTransaction: (tx: AuthnTransaction, username: string) => void;
  onForgotPassword: (username: string) => void;
  /** "Create an account", when the store lets shoppers register. */
  onRegister?: (() => void) | undefined;
};

/**
 * The server draws this form: what was typed before its script ran is in the fields but not in the state;
 * take it over once live, or the next render would empty them.
 */
function useTypedBeforeScript(
  setUsername: (value: string) => void,
  setPassword: (value: string) => void,
): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = (name: string) =>
      (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value;
    const typedUsername = typed('username');
    const typedPassword = typed('current-password');
    if (typedUsername) setUsername(typedUsername);
    if (typedPassword) setPassword(typedPassword);
  }, [setUsername, setPassword]);
  return form;
}

/** The step's heading, its lead and a notice above the form (e.g. "Your account is unlocked"). */
function PasswordIntro({ tenantName, notice }: { tenantName: string; notice?: string | undefined }) {
  const { t } = useTranslation('signin');
  return (
    <>
      <StepHeading>
        <span id="signin-password-title">{t('password.title')}</span>
      </StepHeading>
      <p className="tw-lead">{t('password.intro', { tenantName })}</p>
      {notice ? (
        <p className="tw-signin__notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/** "New here? Create an account", when the store lets shoppers register. */
function RegisterPrompt({ onRegister, disabled }: { onRegister: () => void; disabled: boolean }) {
  const { t } = useTranslation('signin');
  return (
    <p className="tw-signin__register mt-3 mb-0">
      {t('register.prompt')}{' '}
      <LinkButton onClick={onRegister} disabled={disabled}>
        {t('register.link')}
      </LinkButton>
    </p>
  );
}

/** Sign in, "Forgot your password?", and "Sign in with a passkey". */
function PasswordActions(p: { busy: boolean; onForgotPassword: () => void; onPasskey: () => void }) {
  const { t } = useTranslation('signin');
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <SubmitButton busy={p.busy} label={t('password.submit')} busyLabel={t('password.submitting')} />
        <LinkButton onClick={p.onForgotPassword} disabled={p.busy}>
          {t('password.forgot')}
        </LinkButton>
      </div>
      {/*
        The form kit's button: disabled until the page is live, like the others (a server-drawn screen). Outlined
        in the theme's primary colour: Bootstrap's grey outline read as a disabled button.
      */}
      <div className="mt-3">
        <SubmitButton
          type="button"
          variant="outline-primary"
          busy={false}
          disabled={p.busy}
          label={t('password.passkey')}
          busyLabel={t('password.passkey')}
          onClick={p.onPasskey}
        />
      </div>
    </>
  );
}

/**
 * "Sign in with a passkey": the username only (it is asked for first), then the passkey; the
 * code (and @simplewebauthn/browser) is fetched only now, never with the sign-in page.
 */
function usePasskeySignIn(
  oktaAuth: OktaAuth,
  returnUrl: string,
  username: string,
  run: (action: () => Promise<unknown>) => Promise<void>,
  onTransaction: (tx: AuthnTransaction, username: string) => void,
) {
  const [checked, setChecked] = useState(false);
  const start = () => {
    setChecked(true);
    const name = username.trim();
    if (!name) return;
    void run(async () => {
      const { signInWithPasskey } = await import('../lib/passkey-sign-in.ts');
      onTransaction(await signInWithPasskey(oktaAuth, name, returnUrl), name);
    });
  };
  return { checked, start };
}

/** The first step: username and password → `signInWithCredentials`. */
export function PasswordStep(props: PasswordStepProps) {
  const {
    oktaAuth,
    tenantName,
    returnUrl,
    notice,
    initialUsername = '',
    onTransaction,
    onForgotPassword,
    onRegister,
  } = props;
  const { t } = useTranslation('signin');
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy, error, run } = useAuthnAction();
  const form = useTypedBeforeScript(setUsername, setPassword);
  const passkey = usePasskeySignIn(oktaAuth, returnUrl, username, run, onTransaction);
  const usernameMissing = (checked || passkey.checked) && !username.trim();
  const passwordMissing = checked && !password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!username.trim() || !password) return;
    void run(async () => {
      const tx = await oktaAuth.signInWithCredentials({
        username: username.trim(),
        password,
        relayState: returnUrl,
      });
      onTransaction(tx, username.trim());
    });
  };

  return (
    // method="post": a form the server drew is there before the script; sent by the browser itself (no
    // script yet, or none), the password goes in the request's body, never in a URL.
    <form
      ref={form}
      method="post"
      onSubmit={submit}
      noValidate
      aria-labelledby="signin-password-title"
      aria-busy={busy}
    >
      <PasswordIntro tenantName={tenantName} notice={notice} />
      <ErrorAlert error={error} id="signin-error" />
      <Field
        label={t('fields.username')}
        type="email"
        inputMode="email"
        autoComplete="username"
        value={username}
        onChange={setUsername}
        error={usernameMissing ? t('fields.usernameMissing') : null}
        describedBy={error ? ['signin-error'] : []}
        dir="ltr"
      />
      <Field
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={passwordMissing ? t('fields.passwordMissing') : null}
        describedBy={error ? ['signin-error'] : []}
      />
      <PasswordActions
        busy={busy}
        onForgotPassword={() => onForgotPassword(username.trim())}
        onPasskey={passkey.start}
      />
      {onRegister ? <RegisterPrompt onRegister={onRegister} disabled={busy} /> : null}
    </form>
  );
}
