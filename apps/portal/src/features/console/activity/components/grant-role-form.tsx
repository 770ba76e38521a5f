import type { ConsoleRole } from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import { Field } from '../../../../components/forms/form-field.tsx';
import { notify } from '../../../../lib/notify.ts';
import { useConsole } from '../../console-context.ts';
import { isOperator } from '../../lib/roles.ts';
import { useGrantRoleMutation } from '../api/access.ts';

const FIELDS = ['login', 'role', 'firstName', 'lastName'] as const;

/**
 * Grant a role to a user of the store, named by login; with first and last names, someone who has no account
 * in the store yet is invited by e-mail. The server's refusal is shown next to its field.
 */
export function GrantRoleForm({ code }: { code: string }) {
  const { t } = useTranslation('console-activity');
  const { t: tCommon } = useTranslation();
  const { roles } = useConsole();
  const choices: ConsoleRole[] = isOperator(roles)
    ? ['store_admin', 'catalog_editor', 'platform_operator']
    : ['store_admin', 'catalog_editor'];
  const [grant, { isLoading }] = useGrantRoleMutation();
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<ConsoleRole>('catalog_editor');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.trim().length < 3) {
      setErrors({ login: t('roles.loginRequired') });
      return;
    }
    setErrors({});
    const names =
      firstName.trim() && lastName.trim() ? { firstName: firstName.trim(), lastName: lastName.trim() } : {};
    const done = await grant({ code, login: login.trim(), role, ...names });
    if ('error' in done) {
      const status = (done.error as { status?: unknown }).status;
      const { fieldErrors } = await import('../../../../lib/field-errors.ts');
      setErrors(fieldErrors(done.error, FIELDS, status === 403 ? 'role' : 'login', tCommon));
      return;
    }
    notify.success(
      done.data.invited
        ? t('roles.invited', { login: done.data.invited })
        : t('roles.granted', { login: login.trim(), role: t(`roles.${role}`) }),
    );
    setLogin('');
    setFirstName('');
    setLastName('');
  }

  return (
    <form className="tw-activity__inline-form" onSubmit={submit} noValidate>
      <Field
        label={t('roles.login')}
        type="email"
        value={login}
        onChange={setLogin}
        autoComplete="off"
        dir="ltr"
        error={errors.login}
      />
      <RoleSelect choices={choices} role={role} onChange={setRole} error={errors.role} />
      <InviteNames
        firstName={firstName}
        lastName={lastName}
        onFirstName={setFirstName}
        onLastName={setLastName}
        errors={errors}
      />
      <SubmitButton busy={isLoading} label={t('roles.grant')} busyLabel={t('form.working')} />
    </form>
  );
}

/** The names that turn a grant into an invitation (optional: both, or neither). */
function InviteNames(props: {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  errors: { firstName?: string; lastName?: string };
}) {
  const { t } = useTranslation('console-activity');
  return (
    <fieldset className="tw-activity__invite">
      <legend className="form-text">{t('roles.inviteHint')}</legend>
      <Field
        label={t('roles.firstName')}
        value={props.firstName}
        onChange={props.onFirstName}
        autoComplete="off"
        required={false}
        maxLength={100}
        error={props.errors.firstName}
      />
      <Field
        label={t('roles.lastName')}
        value={props.lastName}
        onChange={props.onLastName}
        autoComplete="off"
        required={false}
        maxLength={100}
        error={props.errors.lastName}
      />
    </fieldset>
  );
}

/** The role to grant (the roles this user may hand out), with the server's refusal under it. */
function RoleSelect(props: {
  choices: ConsoleRole[];
  role: ConsoleRole;
  onChange: (role: ConsoleRole) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('console-activity');
  const roleId = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={roleId}>
        {t('roles.role')}
      </label>
      <select
        id={roleId}
        className={`form-select${props.error ? ' is-invalid' : ''}`}
        value={props.role}
        onChange={(event) => props.onChange(event.target.value as ConsoleRole)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${roleId}-error` : undefined}
      >
        {props.choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`roles.${choice}`)}
          </option>
        ))}
      </select>
      {props.error ? (
        <div id={`${roleId}-error`} className="invalid-feedback">
          {props.error}
        </div>
      ) : null}
    </div>
  );
}
