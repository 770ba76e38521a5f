/**
 * The identity provider's password policy, once: the numbers (in Okta's `policy.complexity` shape, sent with
 * PASSWORD_EXPIRED, PASSWORD_WARN and PASSWORD_RESET so the sign-in page lists the rules before submit; a 0
 * means no such rule), which rules a password meets (the sign-in page's and the account area's checklists),
 * and the server's verdict (`passwordProblem`, the cause of Okta's E0000080). No Zod here: the sign-in and
 * account screens import it, and it stays out of the portal's first download either way.
 */

/** Okta's password complexity object (Okta Authentication API: Password Policy Object). */
export interface PasswordComplexity {
  minLength?: number;
  minLowerCase?: number;
  minUpperCase?: number;
  minNumber?: number;
  minSymbol?: number;
  excludeUsername?: boolean;
}

export const PASSWORD_COMPLEXITY = {
  minLength: 8,
  minLowerCase: 0,
  minUpperCase: 0,
  minNumber: 1,
  minSymbol: 0,
  excludeUsername: true,
} as const satisfies PasswordComplexity;

/** The longest password the identity provider accepts (not part of Okta's complexity shape). */
export const PASSWORD_MAX_LENGTH = 256;

/** A rule of the policy, named as in Okta's complexity object. */
export type PasswordRuleKey = keyof PasswordComplexity;

/** One rule of a policy and whether a password meets it; `count` is the rule's number (0 for excludeUsername). */
export interface PasswordRuleCheck {
  key: PasswordRuleKey;
  count: number;
  met: boolean;
}

const count = (value: string, pattern: RegExp) => (value.match(pattern) ?? []).length;

/** The username part a password must not contain: the login's local part, when 3 characters or more. */
function usernamePart(login: string): string {
  const local = (login.split('@')[0] ?? '').toLowerCase();
  return local.length >= 3 ? local : '';
}

/**
 * The rules the policy sets, in Okta's order, each met or not. A length rule is met between `minLength` and
 * PASSWORD_MAX_LENGTH; digits are ASCII, as the server counts them (another script's digit is refused there).
 */
export function passwordRuleChecks(
  complexity: PasswordComplexity,
  password: string,
  login: string,
): PasswordRuleCheck[] {
  const checks: PasswordRuleCheck[] = [];
  const atLeast = (key: PasswordRuleKey, n: number | undefined, have: number, within = true) => {
    if (n && n > 0) checks.push({ key, count: n, met: have >= n && within });
  };
  atLeast('minLength', complexity.minLength, password.length, password.length <= PASSWORD_MAX_LENGTH);
  atLeast('minLowerCase', complexity.minLowerCase, count(password, /\p{Ll}/gu));
  atLeast('minUpperCase', complexity.minUpperCase, count(password, /\p{Lu}/gu));
  atLeast('minNumber', complexity.minNumber, count(password, /[0-9]/g));
  atLeast('minSymbol', complexity.minSymbol, count(password, /[^\p{L}\p{Nd}\s]/gu));
  if (complexity.excludeUsername) {
    const part = usernamePart(login);
    const met = password.length > 0 && !(part && password.toLowerCase().includes(part));
    checks.push({ key: 'excludeUsername', count: 0, met });
  }
  return checks;
}

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/** Okta's wording of an unmet rule, as the cause of E0000080 ("Password requirements: …"). */
const REQUIREMENT: Record<PasswordRuleKey, (n: number) => string> = {
  minLength: (n) => `at least ${plural(n, 'character', 'characters')}`,
  minLowerCase: (n) => `at least ${plural(n, 'lowercase letter', 'lowercase letters')}`,
  minUpperCase: (n) => `at least ${plural(n, 'uppercase letter', 'uppercase letters')}`,
  minNumber: (n) => `at least ${plural(n, 'number', 'numbers')}`,
  minSymbol: (n) => `at least ${plural(n, 'symbol', 'symbols')}`,
  excludeUsername: () => 'no parts of your username',
};

/** The server's verdict under PASSWORD_COMPLEXITY: why a new password is refused, or undefined when it is not. */
export function passwordProblem(password: unknown, login: string): string | undefined {
  const min = PASSWORD_COMPLEXITY.minLength;
  if (typeof password !== 'string' || password.length < min)
    return `Password requirements: ${REQUIREMENT.minLength(min)}.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password requirements: at most ${PASSWORD_MAX_LENGTH} characters.`;
  const unmet = passwordRuleChecks(PASSWORD_COMPLEXITY, password, login).find((check) => !check.met);
  return unmet ? `Password requirements: ${REQUIREMENT[unmet.key](unmet.count)}.` : undefined;
}
