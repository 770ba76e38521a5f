import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton, SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { linkOf, recoveryQuestionOf } from '../lib/transaction.ts';
import type { AuthnTransaction, OktaAuth, StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { StepActions } from './step-actions.tsx';
import { ErrorAlert, StepHeading } from './step-controls.tsx';

/** RECOVERY: the recovery question asked after the e-mailed reset or unlock link (`answer({answer})`). */
export function RecoveryQuestionStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  const [answer, setAnswer] = useState('');
  const [checked, setChecked] = useState(false);
  const answerLink = linkOf(tx, 'answer');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!answer.trim()) return;
    void run(async () => {
      if (answerLink) onTransaction(await answerLink({ answer }));
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <StepHeading>{t('recovery.questionTitle')}</StepHeading>
      <p className="tw-lead">
        {tx.recoveryType === 'UNLOCK' ? t('recovery.questionIntroUnlock') : t('recovery.questionIntroReset')}
      </p>
      <ErrorAlert error={error} id="signin-answer-error" />
      <Field
        label={recoveryQuestionOf(tx) ?? t('recovery.answer')}
        autoComplete="off"
        value={answer}
        onChange={setAnswer}
        error={checked && !answer.trim() ? t('fields.answerMissing') : null}
        describedBy={error ? ['signin-answer-error'] : []}
      />
      <SubmitButton busy={busy} label={t('recovery.submitAnswer')} busyLabel={t('recovery.checking')} />
      <StepActions {...props} disabled={busy} />
    </form>
  );
}

/**
 * Asks for the e-mail address and sends the reset (`forgotPassword`) or unlock (`unlock` link of LOCKED_OUT,
 * else `unlockAccount`) e-mail. The identity provider answers RECOVERY_CHALLENGE whether or not the account
 * exists (no enumeration), and the page says the same.
 */
export function RecoveryEmailStep({
  kind,
  oktaAuth,
  tx,
  initialUsername,
  returnUrl,
  onTransaction,
  onRestart,
}: {
  kind: 'reset' | 'unlock';
  oktaAuth: OktaAuth;
  /** LOCKED_OUT offers its own `unlock` link; without one the SDK's `unlockAccount` is used. */
  tx?: AuthnTransaction | undefined;
  initialUsername: string;
  returnUrl: string;
  onTransaction: (tx: AuthnTransaction) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  const [username, setUsername] = useState(initialUsername);
  const [checked, setChecked] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!username.trim()) return;
    // The return URL travels with the e-mailed link (relayState), so the link's page can send the user back.
    const input = { username: username.trim(), factorType: 'EMAIL' as const, relayState: returnUrl };
    void run(async () => {
      const unlock = tx ? linkOf(tx, 'unlock') : undefined;
      if (kind === 'reset') onTransaction(await oktaAuth.forgotPassword(input));
      else onTransaction(unlock ? await unlock(input) : await oktaAuth.unlockAccount(input));
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <StepHeading>{kind === 'reset' ? t('recovery.resetTitle') : t('recovery.lockedTitle')}</StepHeading>
      <p className="tw-lead">{kind === 'reset' ? t('recovery.resetIntro') : t('recovery.lockedIntro')}</p>
      <ErrorAlert error={error} id="signin-recovery-error" />
      <Field
        label={t('fields.username')}
        type="email"
        inputMode="email"
        autoComplete="username"
        value={username}
        onChange={setUsername}
        error={checked && !username.trim() ? t('fields.usernameMissing') : null}
        describedBy={error ? ['signin-recovery-error'] : []}
        dir="ltr"
      />
      <SubmitButton
        busy={busy}
        label={kind === 'reset' ? t('recovery.sendReset') : t('recovery.sendUnlock')}
        busyLabel={t('recovery.sending')}
      />
      <div className="mt-3">
        <LinkButton onClick={onRestart} disabled={busy}>
          {t('actions.backToSignIn')}
        </LinkButton>
      </div>
    </form>
  );
}

/** RECOVERY_CHALLENGE: the e-mail is on its way; its link opens the reset or unlock page. */
export function RecoverySentStep(props: StepProps) {
  const { tx, onRestart } = props;
  const { t } = useTranslation('signin');
  const unlock = tx.recoveryType === 'UNLOCK';
  return (
    <div>
      <StepHeading>{t('recovery.sentTitle')}</StepHeading>
      <p className="tw-lead" role="status">
        {unlock ? t('recovery.sentUnlock') : t('recovery.sentReset')}
      </p>
      <LinkButton onClick={onRestart}>{t('actions.backToSignIn')}</LinkButton>
    </div>
  );
}
