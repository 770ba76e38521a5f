import { describe, expect, it } from 'vitest';
import {
  CONSOLE_USER_OPERATIONS,
  consoleUserActionsFor,
  consoleUserRefusal,
  OKTA_USER_STATUSES,
} from '../src/index.ts';

/** The one rule of what the console may do to a user, by Okta status and whether it is you. */

const other = { hasFactors: false, self: false };

describe('consoleUserActionsFor', () => {
  it('offers each status the moves of Okta’s lifecycle', () => {
    expect(consoleUserActionsFor('STAGED', other)).toEqual(['activate', 'deactivate']);
    expect(consoleUserActionsFor('PROVISIONED', other)).toEqual(['resend_activation', 'deactivate']);
    expect(consoleUserActionsFor('ACTIVE', other)).toEqual(['lock', 'reset_password', 'deactivate']);
    expect(consoleUserActionsFor('PASSWORD_EXPIRED', other)).toEqual([
      'lock',
      'reset_password',
      'deactivate',
    ]);
    expect(consoleUserActionsFor('RECOVERY', other)).toEqual(['reset_password', 'deactivate']);
    expect(consoleUserActionsFor('LOCKED_OUT', other)).toEqual(['unlock', 'reset_password', 'deactivate']);
    expect(consoleUserActionsFor('SUSPENDED', other)).toEqual(['unlock', 'deactivate']);
    expect(consoleUserActionsFor('DEPROVISIONED', other)).toEqual(['reactivate', 'delete']);
  });

  it('reactivates only a deactivated user and activates only a staged one', () => {
    for (const status of OKTA_USER_STATUSES) {
      const actions = consoleUserActionsFor(status, other);
      expect(actions.includes('reactivate'), status).toBe(status === 'DEPROVISIONED');
      expect(actions.includes('activate'), status).toBe(status === 'STAGED');
      expect(actions.includes('delete'), status).toBe(status === 'DEPROVISIONED');
    }
  });

  it('offers to reset MFA factors, before deactivate, only to a user who has one and is not deactivated', () => {
    const withFactor = { hasFactors: true, self: false };
    expect(consoleUserActionsFor('ACTIVE', withFactor)).toEqual([
      'lock',
      'reset_password',
      'reset_factors',
      'deactivate',
    ]);
    expect(consoleUserActionsFor('DEPROVISIONED', withFactor)).toEqual(['reactivate', 'delete']);
    expect(consoleUserRefusal('ACTIVE', 'reset_factors', other)).toBe('user_action_not_allowed');
  });

  it('never offers an administrator what would lock them out of their own account', () => {
    const me = { hasFactors: true, self: true };
    expect(consoleUserActionsFor('ACTIVE', me)).toEqual([]);
    expect(consoleUserActionsFor('LOCKED_OUT', me)).toEqual(['unlock']);
    for (const operation of ['lock', 'reset_password', 'reset_factors', 'deactivate'] as const)
      expect(consoleUserRefusal('ACTIVE', operation, me)).toBe('own_account');
    expect(consoleUserRefusal('DEPROVISIONED', 'delete', me)).toBe('own_account');
  });

  it('offers exactly what it does not refuse, for every status, operation and caller', () => {
    for (const status of OKTA_USER_STATUSES)
      for (const hasFactors of [false, true])
        for (const self of [false, true]) {
          const facts = { hasFactors, self };
          const offered = consoleUserActionsFor(status, facts);
          for (const operation of CONSOLE_USER_OPERATIONS)
            expect(offered.includes(operation), `${status} ${operation} ${hasFactors} ${self}`).toBe(
              consoleUserRefusal(status, operation, facts) === null,
            );
        }
  });
});
