import type { ConsoleRole } from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import { Field } from '../../../../components/forms/form-field.tsx';
import { notify } from '../../../../lib/notify.ts';
import { useConsole } from '../../console-context.ts';
import { isOperator } from '../../lib/roles.ts';
import { useGrantRoleMutation } from '../api/access.ts';
import { fieldErrors } from '../lib/field-errors.ts';

const FIELDS = ['login', 'role'] as const;

/** Grant a role to a user of the store, named by login; the server's refusal is shown next to its field. */
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
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const roleId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.trim().length < 3) {
      setErrors({ login: t('roles.loginRequired') });
      return;
    }
    setErrors({});
    const done = await grant({ code, login: login.trim(), role });
    if ('error' in done) {
      const status = (done.error as { status?: unknown }).status;
      setErrors(fieldErrors(done.error, FIELDS, status === 403 ? 'role' : 'login', tCommon));
      return;
    }
    notify.success(t('roles.granted', { login: login.trim(), role: t(`roles.${role}`) }));
    setLogin('');
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
      <div className="mb-3">
        <label className="form-label" htmlFor={roleId}>
          {t('roles.role')}
        </label>
        <select
          id={roleId}
          className={`form-select${errors.role ? ' is-invalid' : ''}`}
          value={role}
          onChange={(event) => setRole(event.target.value as ConsoleRole)}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={errors.role ? `${roleId}-error` : undefined}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`roles.${choice}`)}
            </option>
          ))}
        </select>
        {errors.role ? (
          <div id={`${roleId}-error`} className="invalid-feedback">
            {errors.role}
          </div>
        ) : null}
      </div>
      <SubmitButton busy={isLoading} label={t('roles.grant')} busyLabel={t('form.working')} />
    </form>
  );
}
