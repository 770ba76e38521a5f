/**
 * Turns what okta-auth-js throws into one translated message key, never raw JSON.
 *
 * - AuthSdkError / AuthPollStopError carry the SDK's own English sentences (spec §5, §8); each has a key whose
 *   English text is the spec's wording.
 * - AuthApiError carries Okta's `errorCode` (and `xhr.status`); a failed `fetch` has neither (network).
 */
export type AuthnErrorKey =
  | 'errors.wrongPassword'
  | 'errors.notActive'
  | 'errors.wrongCode'
  | 'errors.wrongAnswer'
  | 'errors.passwordPolicy'
  | 'errors.oldPasswordWrong'
  | 'errors.expired'
  | 'errors.rateLimited'
  | 'errors.network'
  | 'errors.server'
  | 'errors.pollStopped'
  | 'errors.autoPush'
  | 'errors.rememberDevice'
  | 'errors.noTransactionToResume'
  | 'errors.noTransactionToEvaluate'
  | 'errors.noLinkName'
  | 'errors.noLinkFound'
  | 'errors.passkeyCancelled'
  | 'errors.unknown';

/** The SDK's own messages (spec §5 "Account and sign-in rules", §8 polling/auto-push/remember-device). */
const SDK_MESSAGES: Record<string, AuthnErrorKey> = {
  'The poll was stopped by the sdk': 'errors.pollStopped',
  'AutoPush resulted in an error.': 'errors.autoPush',
  'RememberDevice resulted in an error.': 'errors.rememberDevice',
  'No transaction to resume': 'errors.noTransactionToResume',
  'No transaction to evaluate': 'errors.noTransactionToEvaluate',
  'Must provide a link name': 'errors.noLinkName',
  'No link found for that name': 'errors.noLinkFound',
};

/** Okta's error codes served by the identity provider (apps/server/src/modules/identity/okta-errors.ts). */
const OKTA_CODES: Record<string, AuthnErrorKey> = {
  E0000004: 'errors.wrongPassword',
  E0000068: 'errors.wrongCode',
  E0000087: 'errors.wrongAnswer',
  E0000080: 'errors.passwordPolicy',
  E0000014: 'errors.oldPasswordWrong',
  E0000011: 'errors.expired',
  E0000047: 'errors.rateLimited',
};

/** The cause the identity provider adds to E0000004 after the right password of a deactivated or locked account. */
const NOT_ACTIVE_CAUSE = 'The account is not active.';

interface SdkErrorShape {
  name?: string;
  message?: string;
  errorCode?: string;
  errorCauses?: Array<{ errorSummary?: string }>;
  xhr?: { status?: number };
}

export function authnErrorKey(error: unknown): AuthnErrorKey {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SdkErrorShape;
  // The browser's WebAuthn refusals: the user cancelled, or the request timed out (no passkey chosen).
  if (e.name === 'NotAllowedError' || e.name === 'AbortError') return 'errors.passkeyCancelled';
  const byMessage = e.message ? SDK_MESSAGES[e.message] : undefined;
  if (byMessage) return byMessage;
  if (e.errorCode === 'E0000004' && e.errorCauses?.some((c) => c.errorSummary === NOT_ACTIVE_CAUSE))
    return 'errors.notActive';
  const byCode = e.errorCode ? OKTA_CODES[e.errorCode] : undefined;
  if (byCode) return byCode;
  const status = e.xhr?.status;
  if (status === 429) return 'errors.rateLimited';
  if (status !== undefined && status >= 500) return 'errors.server';
  // okta-auth-js wraps a rejected fetch in an AuthApiError with no response and no Okta code.
  if (error instanceof TypeError || (e.name === 'AuthApiError' && status === undefined && !e.errorCode)) {
    return 'errors.network';
  }
  if (status === 0) return 'errors.network';
  return 'errors.unknown';
}

/** The SDK rejects a poll that `prev`/`cancel` stopped with this error; the flow has already moved on. */
export function isPollStopped(error: unknown): boolean {
  return (error as SdkErrorShape | undefined)?.name === 'AuthPollStopError';
}
