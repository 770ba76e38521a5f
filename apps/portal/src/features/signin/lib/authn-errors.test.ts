import { describe, expect, it } from 'vitest';
import { authnErrorKey, isPollStopped } from './authn-errors.ts';

/** What okta-auth-js throws → one message key (spec §5 and §8 wordings). */
describe('authnErrorKey', () => {
  it.each([
    ['The poll was stopped by the sdk', 'errors.pollStopped'],
    ['AutoPush resulted in an error.', 'errors.autoPush'],
    ['RememberDevice resulted in an error.', 'errors.rememberDevice'],
    ['No transaction to resume', 'errors.noTransactionToResume'],
    ['No transaction to evaluate', 'errors.noTransactionToEvaluate'],
    ['Must provide a link name', 'errors.noLinkName'],
    ['No link found for that name', 'errors.noLinkFound'],
  ])('the SDK message %j', (message, key) => {
    expect(authnErrorKey({ name: 'AuthSdkError', message })).toBe(key);
  });

  it.each([
    ['E0000004', 401, 'errors.wrongPassword'],
    ['E0000068', 403, 'errors.wrongCode'],
    ['E0000087', 403, 'errors.wrongAnswer'],
    ['E0000080', 403, 'errors.passwordPolicy'],
    ['E0000014', 403, 'errors.oldPasswordWrong'],
    ['E0000011', 401, 'errors.expired'],
    ['E0000047', 429, 'errors.rateLimited'],
  ])("Okta's %s", (errorCode, status, key) => {
    expect(authnErrorKey({ name: 'AuthApiError', message: 'x', errorCode, xhr: { status } })).toBe(key);
  });

  it('E0000004 with the "not active" cause (the right password of a deactivated account) says so', () => {
    const errorCauses = [{ errorSummary: 'The account is not active.' }];
    expect(
      authnErrorKey({ name: 'AuthApiError', errorCode: 'E0000004', errorCauses, xhr: { status: 401 } }),
    ).toBe('errors.notActive');
  });

  it('any 429 is rate limiting, any 5xx a server problem, a failed fetch the network', () => {
    expect(authnErrorKey({ name: 'AuthApiError', xhr: { status: 429 } })).toBe('errors.rateLimited');
    expect(authnErrorKey({ name: 'AuthApiError', errorCode: 'E0000009', xhr: { status: 503 } })).toBe(
      'errors.server',
    );
    expect(authnErrorKey({ name: 'AuthApiError', message: 'Failed to fetch' })).toBe('errors.network');
    expect(authnErrorKey(new TypeError('Failed to fetch'))).toBe('errors.network');
    expect(authnErrorKey({ name: 'AuthApiError', errorCode: 'E0000999', xhr: { status: 400 } })).toBe(
      'errors.unknown',
    );
    expect(authnErrorKey(undefined)).toBe('errors.unknown');
  });

  it('isPollStopped recognises the SDK poll-stop error', () => {
    expect(isPollStopped({ name: 'AuthPollStopError' })).toBe(true);
    expect(isPollStopped(new Error('x'))).toBe(false);
  });
});
