import type { TFunction } from 'i18next';

/**
 * What a failed MyAccount call says to the user, in their language where the cause is known. okta-auth-js
 * throws an AuthApiError carrying Okta's error JSON (`errorCode`, `errorSummary`, `errorCauses`); a step-up
 * refusal has `errorSummary` 'insufficient_authentication_context'; a token the IdP would not give (no session
 * any more) is an OAuthError such as `login_required`.
 */
type OktaError = {
  name?: string;
  message?: string;
  errorCode?: string;
  errorSummary?: string;
  errorCauses?: { errorSummary?: string }[];
  xhr?: { status?: number };
};

export type MyAccountErrorKind =
  | 'network'
  | 'session'
  | 'stepUp'
  | 'wrongCode'
  | 'currentPassword'
  | 'rateLimited'
  | 'forbidden'
  | 'notFound'
  | 'duplicate'
  | 'invalid'
  | 'other';

export function myAccountErrorKind(error: unknown): MyAccountErrorKind {
  const e = (error ?? {}) as OktaError;
  const causes = (e.errorCauses ?? []).map((c) => c.errorSummary ?? '').join(' ');
  if (e.errorSummary === 'insufficient_authentication_context') return 'stepUp';
  if (e.name === 'OAuthError' || e.errorCode === 'login_required' || e.errorCode === 'E0000011')
    return 'session';
  switch (e.errorCode) {
    case 'E0000068':
      return 'wrongCode';
    case 'E0000014':
      return 'currentPassword';
    case 'E0000047':
      return 'rateLimited';
    case 'E0000006':
      return 'forbidden';
    case 'E0000007':
      return 'notFound';
    case 'E0000001':
    case 'E0000080':
      return /already exists/i.test(causes) ? 'duplicate' : 'invalid';
  }
  if (error instanceof TypeError || e.xhr?.status === 0 || /failed to fetch|network/i.test(e.message ?? ''))
    return 'network';
  return 'other';
}

/** The sentence for a toast or an inline error. Validation refusals keep the server's own words (its causes). */
export function describeMyAccountError(error: unknown, t: TFunction<'account'>): string {
  const kind = myAccountErrorKind(error);
  if (kind === 'invalid') {
    const e = error as OktaError;
    const causes = (e.errorCauses ?? []).map((c) => c.errorSummary).filter(Boolean);
    return causes.length ? causes.join(' ') : t('errors.invalid');
  }
  return t(`errors.${kind}`);
}
