// The sign-in feature's public surface (spec §4 "Auth flow", §6).
export { FLAGS_OFF, useGetFeatureFlagsQuery, useGetUserInfoQuery, useTranslationEnabled } from './api.ts';
export { AuthProvider } from './auth-provider.tsx';
export { AuthCallback } from './callback.tsx';
export {
  CALLBACK_PATH,
  decodeFromUri,
  encodeFromUri,
  loginPageUrl,
  NEW_APPROACH_PARAM,
  oktaAuthFor,
  /** For tests: forget the cached OktaAuth instances. */
  resetOktaAuthInstances,
  safeReturnUrl,
} from './okta.ts';
export { RequireAuth, SUBSCRIBER_COMPANY, useCurrentUser } from './require-auth.tsx';
export { signOutToRoot } from './session.ts';
export { forgetSignedOutReason, peekSignedOutReason } from './signed-out-reason.ts';
export { accessTokenClaims, useAccessTokenClaims } from './token-claims.ts';
