import {
  AUTHN_PATHS,
  type AuthnFactor,
  type AuthnFactorType,
  type AuthnLink,
  type AuthnPendingStatus,
  type AuthnUser,
  type CancelledTransaction,
  type EnrollableFactor,
  FACTOR_VENDOR,
  factorPath,
  type LockedOutTransaction,
  type OktaError,
  PASSWORD_COMPLEXITY,
  type PendingTransaction,
  type RecoveryChallengeTransaction,
  type SuccessTransaction,
  type UnlockedTransaction,
} from '@trackwell/contracts';
import { vi } from 'vitest';

/**
 * A stand-in for the identity provider's authn API in component tests: its answers are the contracts' Okta
 * shapes (`packages/contracts/src/okta-authn.ts`, which the server's routes are checked against), so they
 * type-check against what the server sends. Each route is `METHOD path` → a function of the JSON body giving
 * a status and a body, or 'network-error'.
 */
export const ORIGIN = 'http://localhost:3000';
export const STATE_TOKEN = 'state-token-1';

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'network-error';
export type Route = (body: Record<string, unknown>, url: URL) => Answer | Promise<Answer>;

export function stubAuthnServer(routes: Record<string, Route>) {
  const calls: { path: string; body: Record<string, unknown>; url: URL }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path: `${method} ${url.pathname}`, body, url });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return json(404, { errorCode: 'E0000007', errorSummary: 'Not found' });
    const answer = await route(body, url);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return json(answer.status, answer.body, answer.headers);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/**
 * The body of the first call to `route` ('METHOD /path'). Tests read a call by its route, not its position: with
 * the portal's files sharing one window per worker, a request an earlier file left behind may be recorded first.
 */
export const bodyOf = (calls: readonly { path: string; body: Record<string, unknown> }[], route: string) =>
  calls.find((call) => call.path === route)?.body;

/**
 * The calls among `calls` that reached the identity provider's API. Only those say whether a form was sent: an
 * earlier file's translations may still be arriving through the same window's fetch (`GET /locales/…`).
 */
export const apiCalls = <T extends { url: URL }>(calls: readonly T[]) =>
  calls.filter((call) => call.url.pathname.startsWith('/api/'));

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const post = (path: string, name?: string): AuthnLink => ({
  ...(name ? { name } : {}),
  href: `${ORIGIN}${path}`,
  hints: { allow: ['POST'] },
});

const user = (login = 'ada@example.test'): AuthnUser => ({
  id: 'u1',
  passwordChanged: null,
  profile: { login, firstName: 'Ada', lastName: 'Lovelace', locale: 'en', timeZone: 'UTC' },
});

const common = (status: AuthnPendingStatus) => ({
  stateToken: STATE_TOKEN,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  status,
  relayState: null,
});

const cancel = post(AUTHN_PATHS.cancel);

const ok = (
  body:
    | PendingTransaction
    | SuccessTransaction
    | LockedOutTransaction
    | RecoveryChallengeTransaction
    | UnlockedTransaction
    | CancelledTransaction,
): Answer => ({
  status: 200,
  body,
});

const passkeyFactor = (id: string, credentialId: string): AuthnFactor => ({
  id,
  factorType: 'webauthn',
  provider: 'FIDO',
  vendorName: 'FIDO',
  profile: { credentialId, authenticatorName: `Passkey ${id}` },
  _links: { verify: post(factorPath(AUTHN_PATHS.verifyFactor, id)) },
});

export const okta = {
  error: (status: number, errorCode: string, errorSummary: string): Answer => ({
    status,
    body: {
      errorCode,
      errorSummary,
      errorLink: errorCode,
      errorId: 'oae1',
      errorCauses: [],
    } satisfies OktaError,
  }),
  success: (sessionToken = 'session-token-1'): Answer =>
    ok({
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      status: 'SUCCESS',
      sessionToken,
      relayState: null,
      _embedded: { user: user() },
      _links: { cancel },
    }),
  mfaRequired: (factorTypes: AuthnFactorType[] = ['email', 'token:software:totp', 'push']): Answer =>
    ok({
      ...common('MFA_REQUIRED'),
      _embedded: { user: user(), factors: factorTypes.map((type) => factor(type)) },
      _links: { cancel },
    }),
  challenge: (factorType: AuthnFactorType, factorResult?: 'WAITING' | 'REJECTED' | 'TIMEOUT'): Answer => {
    const f = factor(factorType, false);
    const isPush = factorType === 'push';
    return ok({
      ...common('MFA_CHALLENGE'),
      ...(isPush ? { factorResult: factorResult ?? 'WAITING' } : {}),
      _embedded: { user: user(), factor: f },
      _links: {
        next: post(factorPath(AUTHN_PATHS.verifyFactor, f.id), isPush ? 'poll' : 'verify'),
        prev: post(AUTHN_PATHS.previous),
        cancel,
        ...(factorType === 'token:software:totp'
          ? {}
          : { resend: [post(factorPath(AUTHN_PATHS.resendFactor, f.id), isPush ? 'push' : 'email')] }),
      },
    });
  },
  mfaEnroll: (): Answer =>
    ok({
      ...common('MFA_ENROLL'),
      _embedded: {
        user: user(),
        factors: (['email', 'token:software:totp'] as const).map(
          (factorType): EnrollableFactor => ({
            factorType,
            provider: factorType === 'email' ? 'OKTA' : 'GOOGLE',
            vendorName: factorType === 'email' ? 'OKTA' : 'GOOGLE',
            enrollment: 'REQUIRED',
            status: 'NOT_SETUP',
            _links: { enroll: post(AUTHN_PATHS.enrollFactor) },
          }),
        ),
      },
      _links: { cancel },
    }),
  enrollActivateTotp: (): Answer =>
    ok({
      ...common('MFA_ENROLL_ACTIVATE'),
      factorResult: 'WAITING',
      _embedded: {
        user: user(),
        factor: {
          ...factor('token:software:totp', false),
          status: 'PENDING_ACTIVATION',
          _embedded: {
            activation: {
              timeStep: 30,
              sharedSecret: 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF',
              encoding: 'base32',
              keyLength: 6,
              otpauthUri: 'otpauth://totp/Acme:ada@example.test?secret=KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF',
              _links: { qrcode: { href: 'data:image/png;base64,iVBORw0KGgo=', type: 'image/png' } },
            },
          },
        },
      },
      _links: {
        next: post(factorPath(AUTHN_PATHS.activateFactor, 'f-totp'), 'activate'),
        prev: post(AUTHN_PATHS.previous),
        cancel,
      },
    }),
  password: (status: 'PASSWORD_EXPIRED' | 'PASSWORD_WARN' | 'PASSWORD_RESET'): Answer =>
    ok({
      ...common(status),
      ...(status === 'PASSWORD_RESET' ? { recoveryType: 'PASSWORD' as const } : {}),
      _embedded: {
        user: user(),
        policy: { complexity: PASSWORD_COMPLEXITY },
      },
      _links: {
        next:
          status === 'PASSWORD_RESET'
            ? post(AUTHN_PATHS.resetPassword, 'resetPassword')
            : post(AUTHN_PATHS.changePassword, 'changePassword'),
        ...(status === 'PASSWORD_WARN' ? { skip: post(AUTHN_PATHS.skip, 'skip') } : {}),
        cancel,
      },
    }),
  lockedOut: (): Answer =>
    ok({
      status: 'LOCKED_OUT',
      _embedded: {},
      _links: { next: post(AUTHN_PATHS.unlockAccount, 'unlock'), cancel },
    }),
  recoveryChallenge: (recoveryType: 'PASSWORD' | 'UNLOCK'): Answer =>
    ok({ status: 'RECOVERY_CHALLENGE', factorResult: 'WAITING', factorType: 'EMAIL', recoveryType }),
  recovery: (recoveryType: 'PASSWORD' | 'UNLOCK' = 'PASSWORD'): Answer =>
    ok({
      ...common('RECOVERY'),
      recoveryType,
      _embedded: {
        user: { ...user(), recovery_question: { question: 'What was the name of your first pet?' } },
      },
      _links: { next: post(AUTHN_PATHS.recoveryAnswer, 'answer'), cancel },
    }),
  unlocked: (): Answer =>
    ok({
      status: 'UNLOCKED',
      recoveryType: 'UNLOCK',
      relayState: null,
      _embedded: { user: user() },
      _links: {},
    }),
  cancelled: (): Answer => ok({ relayState: null }),
  /** A sign-in with a username and no password: the user's passkeys, then one challenged. */
  passkeyRequired: (credentialIds = ['cred-1', 'cred-2']): Answer =>
    ok({
      ...common('MFA_REQUIRED'),
      _embedded: { user: user(), factors: credentialIds.map((id, i) => passkeyFactor(`pky${i + 1}`, id)) },
      _links: { cancel },
    }),
  passkeyChallenge: (challenge = 'Y2hhbGxlbmdl'): Answer =>
    ok({
      ...common('MFA_CHALLENGE'),
      _embedded: {
        user: user(),
        factor: {
          ...passkeyFactor('pky1', 'cred-1'),
          _links: undefined,
          _embedded: { challenge: { challenge, userVerification: 'required', extensions: {} } },
        },
      },
      _links: { next: post(factorPath(AUTHN_PATHS.verifyFactor, 'pky1'), 'verify'), cancel },
    }),
};

const FACTOR_IDS: Record<AuthnFactorType, string> = {
  email: 'f-email',
  push: 'f-push',
  'token:software:totp': 'f-totp',
};

/** A factor as the server presents it; listed for a choice (MFA_REQUIRED) it carries its `verify` link. */
function factor(factorType: AuthnFactorType, withVerify = true): AuthnFactor & { id: string } {
  const id = FACTOR_IDS[factorType];
  const vendor = FACTOR_VENDOR[factorType];
  return {
    id,
    factorType,
    provider: vendor,
    vendorName: vendor,
    profile:
      factorType === 'email'
        ? { email: 'a...a@example.test' }
        : factorType === 'push'
          ? { name: 'E-mail approval', platform: 'EMAIL', credentialId: 'ada@example.test' }
          : { credentialId: 'ada@example.test' },
    ...(withVerify ? { _links: { verify: post(factorPath(AUTHN_PATHS.verifyFactor, id)) } } : {}),
  };
}
