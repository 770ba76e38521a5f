import type { PasswordRuleKey, PasswordRuleState } from '../../../components/ui/password-rule-list.tsx';
import type { PasswordComplexity } from './transaction.ts';

/**
 * The password rules shown before submit (issue 6 scope 1 "strength rules shown before submit"), from the
 * policy the identity provider sends with PASSWORD_EXPIRED / PASSWORD_WARN / PASSWORD_RESET.
 */
export type { PasswordRuleKey } from '../../../components/ui/password-rule-list.tsx';
export type PasswordRule = PasswordRuleState;

const count = (value: string, pattern: RegExp) => (value.match(pattern) ?? []).length;

export function passwordRules(
  complexity: PasswordComplexity,
  password: string,
  login: string,
): PasswordRule[] {
  const rules: PasswordRule[] = [];
  const min = (key: PasswordRuleKey, n: number | undefined, have: number) => {
    if (n && n > 0) rules.push({ key, count: n, met: have >= n });
  };
  min('minLength', complexity.minLength, password.length);
  min('minLowerCase', complexity.minLowerCase, count(password, /\p{Ll}/gu));
  min('minUpperCase', complexity.minUpperCase, count(password, /\p{Lu}/gu));
  // ASCII digits, as the identity provider counts them (another script's digit would be refused there).
  min('minNumber', complexity.minNumber, count(password, /[0-9]/g));
  min('minSymbol', complexity.minSymbol, count(password, /[^\p{L}\p{Nd}\s]/gu));
  if (complexity.excludeUsername) {
    const local = (login.split('@')[0] ?? '').toLowerCase();
    rules.push({
      key: 'excludeUsername',
      count: 0,
      met: password.length > 0 && !(local.length >= 3 && password.toLowerCase().includes(local)),
    });
  }
  return rules;
}
