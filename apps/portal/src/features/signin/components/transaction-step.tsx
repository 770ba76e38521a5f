import { useTranslation } from 'react-i18next';
import type { OktaAuth, StepProps } from '../lib/types.ts';
import { LinkButton, StepHeading } from './form-controls.tsx';

/** One step per authn status (spec §4 "Sign-in transaction"). */
export function TransactionStep({ tx, onRestart }: StepProps & { oktaAuth: OktaAuth; username: string }) {
  const { t } = useTranslation('signin');
  return (
    <div>
      <StepHeading>{t('flow.unsupportedTitle')}</StepHeading>
      <p>{t('flow.unsupported', { status: tx.status })}</p>
      <LinkButton onClick={onRestart}>{t('flow.backToSignIn')}</LinkButton>
    </div>
  );
}
