import type { PasswordRuleCheck } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, CircleIcon } from './content-icons.tsx';

/**
 * A password rule the user's new password must meet (the contracts' password policy), in one wording shared by
 * the sign-in page and the account area. `count` feeds i18next plurals (`_one`/`_other`, Arabic
 * `_zero`…`_many`).
 */
export type { PasswordRuleKey } from '@trackwell/contracts';
export type PasswordRuleState = PasswordRuleCheck;

/**
 * The rules listed before submit, each visibly ticked off as it is met (an icon and colour, and "(done)" for
 * screen readers), and a polite live summary ("2 of 3 rules met") so a screen-reader user hears progress
 * without leaving the field. Give the field `aria-describedby={id}`.
 */
export function PasswordRuleList({ id, rules }: { id: string; rules: readonly PasswordRuleState[] }) {
  const { t } = useTranslation();
  const met = rules.filter((rule) => rule.met).length;
  return (
    <div id={id} className="tw-password-rules">
      <p className="tw-password-rules__heading">{t('passwordRules.heading')}</p>
      <ul className="tw-password-rules__list">
        {rules.map((rule) => (
          <li key={rule.key} className={`tw-password-rule${rule.met ? ' tw-password-rule--met' : ''}`}>
            <span className="tw-password-rule__mark">{rule.met ? <CheckCircleIcon /> : <CircleIcon />}</span>
            <span>
              {t(`passwordRules.${rule.key}`, { count: rule.count })}
              <span className="tw-visually-hidden">
                {' '}
                {rule.met ? t('passwordRules.met') : t('passwordRules.notMet')}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="tw-visually-hidden" role="status" aria-live="polite">
        {t('passwordRules.progress', { met, total: rules.length })}
      </p>
    </div>
  );
}
