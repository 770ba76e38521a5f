import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/forms/form-buttons.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { forgetSignedOutReason, peekSignedOutReason, safeReturnUrl } from '../../auth/index.ts';
import { type AuthnErrorKey, authnErrorKey } from '../lib/authn-errors.ts';
import { factorsOf } from '../lib/transaction.ts';
import type { AuthnTransaction, OktaAuth } from '../lib/types.ts';
import { PasswordStep } from './password-step.tsx';
import { RecoveryEmailStep } from './recovery-steps.tsx';
import { ErrorAlert, StepHeading } from './step-controls.tsx';
import { TransactionStep } from './transaction-step.tsx';

// Registration is its own chunk, fetched when someone opens "Create an account".
const RegisterStep = lazy(async () => ({
  default: (await import('../registration/register-step.tsx')).RegisterStep,
}));

/**
 * The sign-in page's state machine (spec §4 "Sign-in transaction"): the username/password
 * form, then one step per authn transaction status the identity provider serves, until SUCCESS hands the
 * session token to `/login/sessionCookieRedirect`, which sets the session and sends the user back to the
 * (same-origin) return URL, where the tracker's silent sign-in completes.
 */
export type Screen =
  | { name: 'starting' }
  | { name: 'password'; notice?: PasswordNotice | undefined }
  | { name: 'forgotPassword' }
  | { name: 'register' }
  | { name: 'transaction'; tx: AuthnTransaction; step: number }
  | { name: 'startFailed'; error: AuthnErrorKey }
  | { name: 'redirecting' };

/** A notice above the username/password form: the account was unlocked, or the portal signed the user out. */
type PasswordNotice = 'unlocked' | 'subscriberCompany';

export type StartAction = (oktaAuth: OktaAuth) => Promise<AuthnTransaction | null>;

/** Resumes the stored transaction on reload (`tx.exists()` → `resume()`); none, or an expired one: the form. */
export const resumeStoredTransaction: StartAction = async (oktaAuth) => {
  if (!oktaAuth.tx.exists()) return null;
  try {
    return await oktaAuth.tx.resume();
  } catch {
    // An expired or finished transaction (E0000011: the SDK forgets it): start over with the form.
    return null;
  }
};

/**
 * Where a transaction leads: SUCCESS with a session token → the cookie hop (redirecting); UNLOCKED → the form
 * with a notice; no status (cancelled) or SUCCESS without a token → the form; any other status → its step,
 * numbered afresh (`nextStep`) so that it mounts anew.
 */
export function screenAfter(
  tx: AuthnTransaction,
  nextStep: () => number,
): Exclude<Screen, { name: 'redirecting' }> | { name: 'redirecting'; sessionToken: string } {
  switch (tx.status) {
    case 'SUCCESS':
      return tx.sessionToken ? { name: 'redirecting', sessionToken: tx.sessionToken } : { name: 'password' };
    case 'UNLOCKED':
      return { name: 'password', notice: 'unlocked' };
    case undefined:
    case '':
      return { name: 'password' };
    default:
      return { name: 'transaction', tx, step: nextStep() };
  }
}

/**
 * Why the portal signed this user out, if it did (a 'subscriber company' account): said once, then forgotten.
 * Read after the first render (session storage is the browser's: the page the server drew has no notice), and
 * shown on the form if the flow is on it.
 */
function useSignedOutReason(setScreen: (update: (current: Screen) => Screen) => void) {
  const reason = useRef<PasswordNotice | undefined>(undefined);
  useEffect(() => {
    const found = peekSignedOutReason();
    if (!found) return;
    forgetSignedOutReason();
    reason.current = found;
    setScreen((current) => (current.name === 'password' ? { ...current, notice: found } : current));
  }, [setScreen]);
  return reason;
}

type SignInFlowProps = {
  oktaAuth: OktaAuth;
  tenantName: string;
  /** From `fromURI` (already checked to be on this origin), else the tracker root. */
  returnUrl: string;
  /** How the flow begins: resume a stored transaction, or verify an e-mailed recovery token. */
  start?: StartAction;
  origin: string;
  /** The store's terms link when it lets shoppers create accounts; absent: no link. */
  registrationTermsUrl?: string | undefined;
};

export function SignInFlow({
  oktaAuth,
  tenantName,
  returnUrl,
  start = resumeStoredTransaction,
  origin,
  registrationTermsUrl,
}: SignInFlowProps) {
  // The plain sign-in opens on its form, as the server draws it (the first screen comes in the page); a
  // transaction stored in this tab replaces it as soon as it is resumed. An e-mailed link's token is checked first.
  const [screen, setScreen] = useState<Screen>(() =>
    start === resumeStoredTransaction ? { name: 'password' } : { name: 'starting' },
  );
  const signedOutReason = useSignedOutReason(setScreen);
  const [username, setUsername] = useState('');
  const returnTo = useRef(returnUrl);
  // Each new transaction mounts its step afresh (its heading takes the focus, its form starts empty).
  const stepCount = useRef(0);
  // How many factors the account has, as the last factor list (MFA_REQUIRED) showed them.
  const factorCount = useRef<number | undefined>(undefined);

  const showTransaction = useCallback(
    (tx: AuthnTransaction) => {
      // A transaction started elsewhere (the e-mailed reset or unlock link) carries the return URL as its
      // relayState; it is checked again here, like fromURI.
      if (returnTo.current === `${origin}/` && tx.relayState) {
        returnTo.current = safeReturnUrl(tx.relayState, false, origin);
      }
      if (tx.status === 'MFA_REQUIRED') factorCount.current = factorsOf(tx).length;
      const next = screenAfter(tx, () => ++stepCount.current);
      if (next.name !== 'redirecting') return setScreen(next);
      setScreen({ name: 'redirecting' });
      oktaAuth.session.setCookieAndRedirect(next.sessionToken, returnTo.current);
    },
    [oktaAuth, origin],
  );

  useEffect(() => {
    let current = true;
    start(oktaAuth).then(
      (tx) => {
        if (!current) return;
        if (tx) showTransaction(tx);
        else
          setScreen((current) =>
            current.name === 'password' ? current : { name: 'password', notice: signedOutReason.current },
          );
      },
      (error: unknown) => {
        if (current) setScreen({ name: 'startFailed', error: authnErrorKey(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [oktaAuth, start, showTransaction, signedOutReason]);

  const restart = useCallback(() => setScreen({ name: 'password' }), []);

  return (
    <FlowScreen
      screen={screen}
      oktaAuth={oktaAuth}
      tenantName={tenantName}
      returnUrl={returnTo.current}
      username={username}
      singleFactor={factorCount.current === 1}
      onUsername={setUsername}
      onScreen={setScreen}
      onTransaction={showTransaction}
      onRestart={restart}
      registrationTermsUrl={registrationTermsUrl}
    />
  );
}

type FlowScreenProps = {
  screen: Screen;
  oktaAuth: OktaAuth;
  tenantName: string;
  returnUrl: string;
  username: string;
  singleFactor: boolean;
  onUsername: (username: string) => void;
  onScreen: (screen: Screen) => void;
  onTransaction: (tx: AuthnTransaction) => void;
  onRestart: () => void;
  registrationTermsUrl?: string | undefined;
};

/** The screen the flow is on. */
function FlowScreen(p: FlowScreenProps) {
  const { t } = useTranslation('signin');
  const { screen, oktaAuth } = p;
  switch (screen.name) {
    case 'starting':
      return <PendingMessage>{t('flow.starting')}</PendingMessage>;
    case 'redirecting':
      return <PendingMessage>{t('flow.redirecting')}</PendingMessage>;
    case 'startFailed':
      return (
        <div>
          <StepHeading>{t('flow.startFailedTitle')}</StepHeading>
          <ErrorAlert error={screen.error} />
          <LinkButton onClick={p.onRestart}>{t('actions.backToSignIn')}</LinkButton>
        </div>
      );
    case 'password':
      return (
        <PasswordStep
          oktaAuth={oktaAuth}
          tenantName={p.tenantName}
          returnUrl={p.returnUrl}
          notice={screen.notice ? t(`flow.notice.${screen.notice}`) : undefined}
          initialUsername={p.username}
          onTransaction={(tx, name) => {
            p.onUsername(name);
            p.onTransaction(tx);
          }}
          onForgotPassword={(name) => {
            p.onUsername(name);
            p.onScreen({ name: 'forgotPassword' });
          }}
          onRegister={p.registrationTermsUrl ? () => p.onScreen({ name: 'register' }) : undefined}
        />
      );
    case 'register':
      return (
        <Suspense fallback={<PendingMessage>{t('flow.starting')}</PendingMessage>}>
          <RegisterStep
            oktaAuth={oktaAuth}
            tenantName={p.tenantName}
            termsUrl={p.registrationTermsUrl ?? ''}
            returnUrl={p.returnUrl}
            onTransaction={p.onTransaction}
            onCancel={p.onRestart}
          />
        </Suspense>
      );
    case 'forgotPassword':
      return (
        <RecoveryEmailStep
          kind="reset"
          oktaAuth={oktaAuth}
          initialUsername={p.username}
          returnUrl={p.returnUrl}
          onTransaction={p.onTransaction}
          onRestart={p.onRestart}
        />
      );
    case 'transaction':
      return (
        <TransactionStep
          key={screen.step}
          tx={screen.tx}
          oktaAuth={oktaAuth}
          username={p.username}
          returnUrl={p.returnUrl}
          onTransaction={p.onTransaction}
          onRestart={p.onRestart}
          singleFactor={p.singleFactor}
        />
      );
  }
}
