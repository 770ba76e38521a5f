import { useTranslation } from 'react-i18next';
import { currentFactor, factorsOf, linkOf, loginOf, totpActivationOf } from '../lib/transaction.ts';
import type { StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { CodeForm } from './code-form.tsx';
import { FactorLabel } from './factor-label.tsx';
import { StepActions } from './step-actions.tsx';
import { ErrorAlert, StepHeading } from './step-controls.tsx';

/** MFA_ENROLL: the user must set up a factor first; the identity provider offers e-mail codes and TOTP. */
export function EnrollChoiceStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  return (
    <div>
      <StepHeading>{t('enroll.chooseTitle')}</StepHeading>
      <p className="tw-lead">{t('enroll.chooseIntro')}</p>
      <ErrorAlert error={error} />
      <ul className="list-unstyled d-grid gap-2 tw-signin__factors" aria-busy={busy}>
        {factorsOf(tx).map((factor) => (
          <li key={factor.factorType}>
            <button
              type="button"
              className="btn btn-outline-primary w-100 text-start"
              disabled={busy || !factor.enroll}
              onClick={() =>
                void run(async () => {
                  if (factor.enroll) onTransaction(await factor.enroll());
                })
              }
            >
              <FactorLabel factor={factor} />
            </button>
          </li>
        ))}
      </ul>
      <StepActions {...props} disabled={busy} />
    </div>
  );
}

/**
 * MFA_ENROLL_ACTIVATE: TOTP shows the QR code and the secret to type into an authenticator app; e-mail says
 * a code was sent (resend offered). Either way the code activates the factor (`activate({passCode})`).
 */
export function EnrollActivateStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  const factor = currentFactor(tx);
  const activation = totpActivationOf(tx);
  const activate = linkOf(tx, 'activate');
  const isTotp = factor?.factorType === 'token:software:totp';
  return (
    <div>
      <StepHeading>{isTotp ? t('enroll.totpTitle') : t('enroll.emailTitle')}</StepHeading>
      <CodeForm
        intro={isTotp ? t('enroll.totpIntro') : t('enroll.emailIntro', { email: loginOf(tx) })}
        busy={busy}
        error={error}
        onSubmit={(passCode) =>
          void run(async () => {
            if (activate) onTransaction(await activate({ passCode }));
          })
        }
        onResend={
          !isTotp && tx.resend
            ? () =>
                void run(async () => {
                  await tx.resend?.('email');
                })
            : undefined
        }
      >
        {isTotp && activation ? (
          <figure className="tw-signin__totp">
            {activation.qrCode ? (
              <img src={activation.qrCode} alt={t('enroll.qrAlt')} width={180} height={180} />
            ) : null}
            <figcaption>
              <span className="d-block">{t('enroll.secretLabel')}</span>
              <code className="d-block fs-5" dir="ltr" data-testid="totp-secret">
                {activation.sharedSecret}
              </code>
            </figcaption>
          </figure>
        ) : null}
      </CodeForm>
      <StepActions {...props} disabled={busy} />
    </div>
  );
}
