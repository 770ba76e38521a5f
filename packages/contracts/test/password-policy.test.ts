import { describe, expect, it } from 'vitest';
import { PASSWORD_COMPLEXITY, passwordRuleChecks as passwordRules } from '../src/password-policy.ts';

/** The rules listed before submit, from the identity provider's own policy (what the server sends). */
const POLICY = PASSWORD_COMPLEXITY;

describe('passwordRules', () => {
  it('lists only the rules the policy sets, each met or not', () => {
    expect(passwordRules(POLICY, 'short', 'ada@example.test')).toEqual([
      { key: 'minLength', count: 8, met: false },
      { key: 'minNumber', count: 1, met: false },
      { key: 'excludeUsername', count: 0, met: true },
    ]);
    expect(passwordRules(POLICY, 'Fresh-start-42', 'ada@example.test').every((r) => r.met)).toBe(true);
  });

  it('a password containing the user name (3+ characters) breaks excludeUsername', () => {
    const rules = passwordRules(POLICY, 'my-adalovelace-1', 'adalovelace@example.test');
    expect(rules.find((r) => r.key === 'excludeUsername')?.met).toBe(false);
  });

  it('counts capitals, lower-case letters and symbols when the policy asks for them', () => {
    const rules = passwordRules({ minUpperCase: 2, minLowerCase: 1, minSymbol: 1 }, 'ABc!', '');
    expect(rules).toEqual([
      { key: 'minLowerCase', count: 1, met: true },
      { key: 'minUpperCase', count: 2, met: true },
      { key: 'minSymbol', count: 1, met: true },
    ]);
  });
});
