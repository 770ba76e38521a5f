import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { forgetSignedOutReason, peekSignedOutReason, safeReturnUrl } from '../../auth/index.ts';
import { type AuthnErrorKey, authnErrorKey } from '../lib/authn-errors.ts';
import { factorsOf } from '../lib/transaction.ts';
import type { AuthnTransaction, OktaAuth } from '../lib/types.ts';
import { ErrorAlert, LinkButton, StepHeading } from './form-controls.tsx';
import { PasswordStep } from './password-step.tsx';
import { RecoveryEmailStep } from './recovery-steps.tsx';
import { TransactionStep } from './transaction-step.tsx';

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

export function SignInFlow({
  oktaAuth,
  tenantName,
  returnUrl,
  start = resumeStoredTransaction,
  origin = window.location.origin,
}: {
  oktaAuth: OktaAuth;
  tenantName: string;
  /** From `fromURI` (already checked to be on this origin), else the tracker root. */
  returnUrl: string;
  /** How the flow begins: resume a stored transaction, or verify an e-mailed recovery token. */
  start?: StartAction;
  origin?: string;
}) {
  const { t } = useTranslation('signin');
  const [screen, setScreen] = useState<Screen>({ name: 'starting' });
  // Why the portal signed this user out, if it did (a 'subscriber company' account): said once, then forgotten.
  const [signedOutReason] = useState(peekSignedOutReason);
  useEffect(() => {
    if (signedOutReason) forgetSignedOutReason();
  }, [signedOutReason]);
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
      switch (tx.status) {
        case 'SUCCESS':
          if (tx.sessionToken) {
            setScreen({ name: 'redirecting' });
            oktaAuth.session.setCookieAndRedirect(tx.sessionToken, returnTo.current);
            return;
          }
          setScreen({ name: 'password' });
          return;
        case 'UNLOCKED':
          setScreen({ name: 'password', notice: 'unlocked' });
          return;
        case undefined:
        case '':
          // A cancelled transaction has no status left.
          setScreen({ name: 'password' });
          return;
        default:
          stepCount.current += 1;
          setScreen({ name: 'transaction', tx, step: stepCount.current });
      }
    },
    [oktaAuth, origin],
  );

  useEffect(() => {
    let current = true;
    start(oktaAuth).then(
      (tx) => {
        if (!current) return;
        if (tx) showTransaction(tx);
        else setScreen({ name: 'password', notice: signedOutReason });
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
          <LinkButton onClick={restart}>{t('actions.backToSignIn')}</LinkButton>
        </div>
      );
    case 'password':
      return (
        <PasswordStep
          oktaAuth={oktaAuth}
          tenantName={tenantName}
          returnUrl={returnTo.current}
          notice={screen.notice ? t(`flow.notice.${screen.notice}`) : undefined}
          initialUsername={username}
          onTransaction={(tx, name) => {
            setUsername(name);
            showTransaction(tx);
          }}
          onForgotPassword={(name) => {
            setUsername(name);
            setScreen({ name: 'forgotPassword' });
          }}
        />
      );
    case 'forgotPassword':
      return (
        <RecoveryEmailStep
          kind="reset"
          oktaAuth={oktaAuth}
          initialUsername={username}
          returnUrl={returnTo.current}
          onTransaction={showTransaction}
          onRestart={restart}
        />
      );
    case 'transaction':
      return (
        <TransactionStep
          key={screen.step}
          tx={screen.tx}
          oktaAuth={oktaAuth}
          username={username}
          returnUrl={returnTo.current}
          onTransaction={showTransaction}
          onRestart={restart}
          singleFactor={factorCount.current === 1}
        />
      );
  }
}
