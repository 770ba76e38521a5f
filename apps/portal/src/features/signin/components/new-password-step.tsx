import { passwordRuleChecks } from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { PasswordRuleList } from '../../../components/ui/password-rule-list.tsx';
import { complexityOf, linkOf, loginOf } from '../lib/transaction.ts';
import type { StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { StepActions } from './step-actions.tsx';
import { ErrorAlert, StepHeading } from './step-controls.tsx';

type PasswordValues = { oldPassword: string; newPassword: string; confirm: string };

type PasswordFieldsProps = {
  isReset: boolean;
  values: PasswordValues;
  set: { [K in keyof PasswordValues]: (value: string) => void };
  rules: ReturnType<typeof passwordRuleChecks>;
  rulesId: string;
  /** The form was submitted once: errors are shown from then on. */
  checked: boolean;
  /** The step's error is shown (the new password's field names it too). */
  stepError: boolean;
};

/** Current (unless after a reset link), new with the policy's rules, and the confirmation. */
function PasswordFields({ isReset, values, set, rules, rulesId, checked, stepError }: PasswordFieldsProps) {
  const { t } = useTranslation('signin');
  const { oldPassword, newPassword, confirm } = values;
  return (
    <>
      {isReset ? null : (
        <Field
          label={t('fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={set.oldPassword}
          error={checked && !oldPassword ? t('fields.passwordMissing') : null}
        />
      )}
      <Field
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={set.newPassword}
        describedBy={[rulesId, ...(stepError ? ['signin-password-error'] : [])]}
        error={checked && !rules.every((rule) => rule.met) ? t('fields.newPasswordRules') : null}
      />
      <PasswordRuleList id={rulesId} rules={rules} />
      <Field
        label={t('fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={set.confirm}
        error={checked && confirm !== newPassword ? t('fields.confirmMismatch') : null}
      />
    </>
  );
}

/**
 * PASSWORD_EXPIRED (must change: current + new + confirm), PASSWORD_WARN (change or skip) and PASSWORD_RESET
 * (after the e-mailed link: new + confirm). The policy's rules are listed before submit and ticked as they are
 * met; the form is not sent while one is unmet or the confirmation differs.
 */
export function NewPasswordStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  const rulesId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [checked, setChecked] = useState(false);
  const isReset = tx.status === 'PASSWORD_RESET';
  const isWarn = tx.status === 'PASSWORD_WARN';
  const rules = passwordRuleChecks(complexityOf(tx), newPassword, loginOf(tx));
  const rulesMet = rules.every((rule) => rule.met);
  const changePassword = linkOf(tx, 'changePassword');
  const resetPassword = linkOf(tx, 'resetPassword');
  const skip = linkOf(tx, 'skip');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if ((!isReset && !oldPassword) || !rulesMet || newPassword !== confirm) return;
    void run(async () => {
      if (isReset && resetPassword) onTransaction(await resetPassword({ newPassword }));
      else if (changePassword) onTransaction(await changePassword({ oldPassword, newPassword }));
    });
  };

  const kind = isReset ? 'reset' : isWarn ? 'warn' : 'expired';

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <StepHeading>{t(`newPassword.${kind}Title`)}</StepHeading>
      <p className="tw-lead">{t(`newPassword.${kind}Intro`)}</p>
      <ErrorAlert error={error} id="signin-password-error" />
      {/* A hidden username lets password managers file the new password under the right account. */}
      <input type="hidden" autoComplete="username" value={loginOf(tx)} readOnly />
      <PasswordFields
        isReset={isReset}
        values={{ oldPassword, newPassword, confirm }}
        set={{ oldPassword: setOldPassword, newPassword: setNewPassword, confirm: setConfirm }}
        rules={rules}
        rulesId={rulesId}
        checked={checked}
        stepError={error !== null}
      />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <SubmitButton busy={busy} label={t('newPassword.submit')} busyLabel={t('newPassword.submitting')} />
        {isWarn && skip ? (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy}
            onClick={() => void run(async () => onTransaction(await skip()))}
          >
            {t('newPassword.skip')}
          </button>
        ) : null}
      </div>
      <StepActions {...props} disabled={busy} />
    </form>
  );
}
