import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preferenceCallback, readPreference } from '../lib/device-preferences.ts';
import { currentFactor, linkOf, loginOf } from '../lib/transaction.ts';
import type { StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { CodeForm } from './code-form.tsx';
import { StepActions } from './step-actions.tsx';
import { StepHeading } from './step-controls.tsx';

/**
 * MFA_CHALLENGE with an e-mail code or an authenticator app (TOTP): enter the code (`verify({passCode})`);
 * the e-mail code can be sent again (`resend('email')`). "Remember this device" is sent with the code.
 */
export function CodeChallengeStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  const [resent, setResent] = useState(false);
  const login = loginOf(tx);
  const [remember, setRemember] = useState(() => readPreference(login, 'rememberDevice'));
  const rememberRef = useRef(remember);
  rememberRef.current = remember;
  const factor = currentFactor(tx);
  const isEmail = factor?.factorType === 'email';
  const verify = linkOf(tx, 'verify');
  const resend = tx.resend;

  return (
    <div>
      <StepHeading>{isEmail ? t('mfa.emailTitle') : t('mfa.totpTitle')}</StepHeading>
      <CodeForm
        intro={isEmail ? t('mfa.emailIntro', { email: factor?.profile?.email ?? '' }) : t('mfa.totpIntro')}
        busy={busy}
        error={error}
        rememberDevice={{ checked: remember, onChange: setRemember }}
        onSubmit={(passCode) =>
          void run(async () => {
            if (!verify) return;
            onTransaction(
              await verify({
                passCode,
                rememberDevice: preferenceCallback(login, 'rememberDevice', () => rememberRef.current),
              }),
            );
          })
        }
        onResend={
          isEmail && resend
            ? () =>
                void run(async () => {
                  await resend('email');
                  setResent(true);
                })
            : undefined
        }
      >
        {resent ? (
          <p className="alert alert-info" role="status">
            {t('mfa.resent')}
          </p>
        ) : null}
      </CodeForm>
      <StepActions {...props} disabled={busy} />
    </div>
  );
}
