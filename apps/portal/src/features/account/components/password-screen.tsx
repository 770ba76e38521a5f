import { PASSWORD_COMPLEXITY, passwordRuleChecks } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PasswordRuleList } from '../../../components/ui/password-rule-list.tsx';
import { toBcp47 } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import type { AccountPassword } from '../lib/myaccount.ts';
import { describeMyAccountError, myAccountErrorKind } from '../lib/myaccount-errors.ts';
import { useResource } from '../lib/use-resource.ts';
import { AccountScreen, Loaded, SignInAgainButton } from './screen.tsx';

type PasswordData = { password: AccountPassword; login: string | undefined };

/**
 * spec §4 "Password: starts as NOT_ENROLLED, where only enrolling is possible. Once ACTIVE it can be read,
 * updated or deleted": NOT_ENROLLED → set one; ACTIVE → change it (current + new, the rules shown before
 * submitting) or remove it after a Yes. A change needs a recent sign-in (the identity provider's step-up):
 * then the screen offers to sign in again.
 */
export function PasswordScreen() {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  const { state, reload } = useResource<PasswordData>(async () => {
    const [password, profile] = await Promise.all([client.getPassword(), client.getProfile()]);
    const login = profile.profile.login ?? profile.profile.email ?? undefined;
    return { password, login };
  });
  const [removing, setRemoving] = useState(false);
  const [stepUp, setStepUp] = useState(false);

  function failed(error: unknown) {
    if (myAccountErrorKind(error) === 'stepUp') setStepUp(true);
    else notify.error(describeMyAccountError(error, t));
  }

  async function remove() {
    setRemoving(false);
    try {
      await client.deletePassword();
      notify.success(t('password.removed'));
      await reload();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <AccountScreen title={t('password.title')}>
      {stepUp ? (
        <div className="alert alert-warning tw-account__alert" role="alert">
          <p className="mb-2">{t('errors.stepUp')}</p>
          <SignInAgainButton />
        </div>
      ) : null}
      <Loaded resource={state} onRetry={() => void reload()}>
        {({ password, login }) =>
          password.status === 'ACTIVE' ? (
            <ActivePassword
              lastUpdated={password.lastUpdated}
              login={login}
              onChange={async (next, current) => {
                await client.updatePassword(current ?? '', next);
                notify.success(t('password.changed'));
                await reload();
              }}
              onError={failed}
              onRemove={() => setRemoving(true)}
            />
          ) : (
            <>
              <p className="tw-account__intro">{t('password.notEnrolled')}</p>
              <PasswordForm
                mode="set"
                login={login}
                onSubmit={async (next) => {
                  await client.enrollPassword(next);
                  notify.success(t('password.set'));
                  await reload();
                }}
                onError={failed}
              />
            </>
          )
        }
      </Loaded>
      <ConfirmDialog
        open={removing}
        title={t('password.removeTitle')}
        message={t('password.removeMessage')}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      />
    </AccountScreen>
  );
}

type ActivePasswordProps = {
  lastUpdated: string | null | undefined;
  login: string | undefined;
  onChange: (password: string, current?: string) => Promise<void>;
  onError: (error: unknown) => void;
  onRemove: () => void;
};

/** An ACTIVE password: since when, the change form, and its removal (after a Yes). */
function ActivePassword({ lastUpdated, login, onChange, onError, onRemove }: ActivePasswordProps) {
  const { t, i18n } = useTranslation('account');
  const since = lastUpdated
    ? t('password.activeSince', {
        date: new Intl.DateTimeFormat(toBcp47(i18n.language), { dateStyle: 'long' }).format(
          new Date(lastUpdated),
        ),
      })
    : t('password.active');
  return (
    <>
      <p className="tw-account__intro">{since}</p>
      <PasswordForm mode="change" login={login} onSubmit={onChange} onError={onError} />
      <div className="tw-account__danger">
        <h3 className="tw-account__subtitle">{t('password.removeTitle')}</h3>
        <p>{t('password.removeIntro')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={onRemove}>
          {t('password.remove')}
        </button>
      </div>
    </>
  );
}

type PasswordFields = { current: string; next: string; confirm: string };

/** What is wrong before the password is sent: no current one (change), the rules unmet, no match. */
function passwordFormProblems(
  mode: 'set' | 'change',
  values: PasswordFields,
  rules: Array<{ met: boolean }>,
  t: TFunction<'account'>,
): Partial<PasswordFields> {
  const found: Partial<PasswordFields> = {};
  if (mode === 'change' && !values.current) found.current = t('password.errors.currentRequired');
  if (!rules.every((rule) => rule.met)) found.next = t('password.errors.rules');
  if (values.next !== values.confirm) found.confirm = t('password.errors.mismatch');
  return found;
}

type PasswordFormProps = {
  mode: 'set' | 'change';
  login: string | undefined;
  onSubmit: (password: string, current?: string) => Promise<void>;
  onError: (error: unknown) => void;
};

function PasswordForm({ mode, login, onSubmit, onError }: PasswordFormProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const rules = passwordRuleChecks(PASSWORD_COMPLEXITY, next, login ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordFormProblems(mode, { current, next, confirm }, rules, t);
    setErrors(found);
    const first = (['current', 'next', 'confirm'] as const).find((key) => found[key]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(next, mode === 'change' ? current : undefined);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (error) {
      if (myAccountErrorKind(error) === 'currentPassword') {
        setErrors({ current: t('errors.currentPassword') });
        formRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-current`)}`)?.focus();
      } else onError(error);
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: 'current' | 'next' | 'confirm',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      type="password"
      autoComplete={key === 'current' ? 'current-password' : 'new-password'}
      dir="ltr"
      value={value}
      onChange={set}
      error={errors[key]}
      describedBy={key === 'next' ? [`${id}-rules`] : []}
    />
  );

  return (
    <form
      ref={formRef}
      className="tw-account__card"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {mode === 'change' ? t('password.changeTitle') : t('password.setTitle')}
      </h3>
      {mode === 'change' ? field('current', t('password.current'), current, setCurrent) : null}
      {field('next', t('password.new'), next, setNext)}
      <PasswordRuleList id={`${id}-rules`} rules={rules} />
      {field('confirm', t('password.confirm'), confirm, setConfirm)}
      <SubmitButton
        busy={busy}
        label={mode === 'change' ? t('password.changeSubmit') : t('password.setSubmit')}
        busyLabel={t('password.saving')}
      />
    </form>
  );
}
