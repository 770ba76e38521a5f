import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/forms/form-buttons.tsx';
import { currentFactor } from '../lib/transaction.ts';
import type { OktaAuth, StepProps } from '../lib/types.ts';
import { CodeChallengeStep } from './code-challenge-step.tsx';
import { EnrollActivateStep, EnrollChoiceStep } from './enroll-step.tsx';
import { FactorChoiceStep } from './factor-choice-step.tsx';
import { NewPasswordStep } from './new-password-step.tsx';
import { PushStep } from './push-step.tsx';
import { RecoveryEmailStep, RecoveryQuestionStep, RecoverySentStep } from './recovery-steps.tsx';
import { StepHeading } from './step-controls.tsx';

/**
 * One step per authn status the identity provider serves (spec §4 "Sign-in transaction"; the server's
 * apps/server/src/modules/identity/authn/, the answers' shapes in packages/contracts/src/okta-authn.ts). SUCCESS and UNLOCKED never get here: the flow handles them.
 */
export function TransactionStep(
  props: StepProps & { oktaAuth: OktaAuth; username: string; returnUrl: string },
) {
  const { t } = useTranslation('signin');
  const { tx, oktaAuth, username, returnUrl, onTransaction, onRestart } = props;
  switch (tx.status) {
    case 'MFA_REQUIRED':
      return <FactorChoiceStep {...props} />;
    case 'MFA_CHALLENGE':
      return currentFactor(tx)?.factorType === 'push' ? (
        <PushStep {...props} />
      ) : (
        <CodeChallengeStep {...props} />
      );
    case 'MFA_ENROLL':
      return <EnrollChoiceStep {...props} />;
    case 'MFA_ENROLL_ACTIVATE':
      return <EnrollActivateStep {...props} />;
    case 'PASSWORD_EXPIRED':
    case 'PASSWORD_WARN':
    case 'PASSWORD_RESET':
      return <NewPasswordStep {...props} />;
    case 'RECOVERY':
      return <RecoveryQuestionStep {...props} />;
    case 'RECOVERY_CHALLENGE':
      return <RecoverySentStep {...props} />;
    case 'LOCKED_OUT':
      return (
        <RecoveryEmailStep
          kind="unlock"
          oktaAuth={oktaAuth}
          tx={tx}
          initialUsername={username}
          returnUrl={returnUrl}
          onTransaction={onTransaction}
          onRestart={onRestart}
        />
      );
    default:
      return (
        <div>
          <StepHeading>{t('flow.unsupportedTitle')}</StepHeading>
          <p>{t('flow.unsupported', { status: tx.status })}</p>
          <LinkButton onClick={onRestart}>{t('actions.backToSignIn')}</LinkButton>
        </div>
      );
  }
}
