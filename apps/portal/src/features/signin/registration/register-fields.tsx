import { PASSWORD_COMPLEXITY, passwordRuleChecks } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/forms/form-field.tsx';
import { PasswordRuleList } from '../../../components/ui/password-rule-list.tsx';
import type { RegistrationField, RegistrationInput } from './registration-api.ts';

export type FieldErrors = Partial<Record<RegistrationField, string>>;

/** Input limits (the contracts' registerBody): the browser stops at them, the server checks them again. */
const NAME_MAX = 50;
const EMAIL_MAX = 100;

/** Which fields the form refuses before sending (empty, too long, no @, the password's rules, the terms). */
export function localErrors(values: RegistrationInput, t: TFunction<'signin'>): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = t('fields.usernameMissing');
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t('register.emailInvalid');
  if (!values.firstName.trim()) errors.firstName = t('register.fieldMissing');
  if (!values.lastName.trim()) errors.lastName = t('register.fieldMissing');
  if (!passwordRuleChecks(PASSWORD_COMPLEXITY, values.password, email).every((rule) => rule.met))
    errors.password = t('fields.newPasswordRules');
  if (!values.acceptTerms) errors.acceptTerms = t('register.termsMissing');
  return errors;
}

type Props = {
  values: RegistrationInput;
  errors: FieldErrors;
  termsUrl: string;
  set: (change: Partial<RegistrationInput>) => void;
};

/** E-mail, first and last name, a password under the store's policy (rules listed), the store's terms. */
export function RegisterFields({ values, errors, termsUrl, set }: Props) {
  const { t } = useTranslation('signin');
  const rulesId = useId();
  const termsId = useId();
  const rules = passwordRuleChecks(PASSWORD_COMPLEXITY, values.password, values.email.trim());
  return (
    <>
      <Field
        label={t('fields.username')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        maxLength={EMAIL_MAX}
        onChange={(email) => set({ email })}
        error={errors.email ?? null}
        dir="ltr"
      />
      <div className="tw-register__names">
        <Field
          label={t('register.firstName')}
          autoComplete="given-name"
          value={values.firstName}
          maxLength={NAME_MAX}
          onChange={(firstName) => set({ firstName })}
          error={errors.firstName ?? null}
          dir="auto"
        />
        <Field
          label={t('register.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          maxLength={NAME_MAX}
          onChange={(lastName) => set({ lastName })}
          error={errors.lastName ?? null}
          dir="auto"
        />
      </div>
      <Field
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(password) => set({ password })}
        describedBy={[rulesId]}
        error={errors.password ?? null}
      />
      <PasswordRuleList id={rulesId} rules={rules} />
      <div className="form-check mb-3">
        <input
          id={termsId}
          className={`form-check-input${errors.acceptTerms ? ' is-invalid' : ''}`}
          type="checkbox"
          checked={values.acceptTerms}
          onChange={(event) => set({ acceptTerms: event.target.checked })}
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={errors.acceptTerms ? `${termsId}-error` : undefined}
        />
        <label htmlFor={termsId} className="form-check-label">
          {t('register.acceptTerms')}{' '}
          <a href={termsUrl} target="_blank" rel="noopener noreferrer">
            {t('register.termsLink')}
          </a>
        </label>
        {errors.acceptTerms ? (
          <div id={`${termsId}-error`} className="invalid-feedback d-block">
            {errors.acceptTerms}
          </div>
        ) : null}
      </div>
    </>
  );
}
