import { PASSWORD_COMPLEXITY } from '@trackwell/contracts';
import { vi } from 'vitest';

/**
 * A stand-in for the identity provider's authn API in component tests: answers shaped like the server's
 * (apps/server/src/modules/identity/authn.ts `present`, copied from its okta-auth-js tests). Each route is
 * `METHOD path` → a function of the JSON body giving a status and a body, or 'network-error'.
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

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const post = (path: string, name?: string) => ({
  ...(name ? { name } : {}),
  href: `${ORIGIN}${path}`,
  hints: { allow: ['POST'] },
});

const user = (login = 'ada@example.test') => ({
  id: 'u1',
  passwordChanged: null,
  profile: { login, firstName: 'Ada', lastName: 'Lovelace', locale: 'en', timeZone: 'UTC' },
});

const common = (status: string) => ({
  stateToken: STATE_TOKEN,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  status,
  relayState: null,
});

const cancel = post('/api/v1/authn/cancel');

export const okta = {
  error: (status: number, errorCode: string, errorSummary: string): Answer => ({
    status,
    body: { errorCode, errorSummary, errorLink: errorCode, errorId: 'oae1', errorCauses: [] },
  }),
  success: (sessionToken = 'session-token-1'): Answer => ({
    status: 200,
    body: {
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
      status: 'SUCCESS',
      sessionToken,
      relayState: null,
      _embedded: { user: user() },
    },
  }),
  mfaRequired: (factorTypes: string[] = ['email', 'token:software:totp', 'push']): Answer => ({
    status: 200,
    body: {
      ...common('MFA_REQUIRED'),
      _embedded: { user: user(), factors: factorTypes.map(factor) },
      _links: { cancel },
    },
  }),
  challenge: (factorType: string, factorResult?: string): Answer => {
    const f = factor(factorType);
    const verify = `/api/v1/authn/factors/${f.id}/verify`;
    return {
      status: 200,
      body: {
        ...common('MFA_CHALLENGE'),
        ...(factorType === 'push' ? { factorResult: factorResult ?? 'WAITING' } : {}),
        _embedded: { user: user(), factor: { ...f, _links: undefined } },
        _links: {
          next: post(verify, factorType === 'push' ? 'poll' : 'verify'),
          prev: post('/api/v1/authn/previous'),
          cancel,
          ...(factorType === 'token:software:totp'
            ? {}
            : { resend: [post(`${verify}/resend`, factorType === 'push' ? 'push' : 'email')] }),
        },
      },
    };
  },
  mfaEnroll: (): Answer => ({
    status: 200,
    body: {
      ...common('MFA_ENROLL'),
      _embedded: {
        user: user(),
        factors: ['email', 'token:software:totp'].map((factorType) => ({
          factorType,
          provider: factorType === 'email' ? 'OKTA' : 'GOOGLE',
          enrollment: 'REQUIRED',
          status: 'NOT_SETUP',
          _links: { enroll: post('/api/v1/authn/factors') },
        })),
      },
      _links: { cancel },
    },
  }),
  enrollActivateTotp: (): Answer => ({
    status: 200,
    body: {
      ...common('MFA_ENROLL_ACTIVATE'),
      factorResult: 'WAITING',
      _embedded: {
        user: user(),
        factor: {
          ...factor('token:software:totp'),
          _links: undefined,
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
        next: post('/api/v1/authn/factors/f-totp/lifecycle/activate', 'activate'),
        prev: post('/api/v1/authn/previous'),
        cancel,
      },
    },
  }),
  password: (status: 'PASSWORD_EXPIRED' | 'PASSWORD_WARN' | 'PASSWORD_RESET'): Answer => ({
    status: 200,
    body: {
      ...common(status),
      ...(status === 'PASSWORD_RESET' ? { recoveryType: 'PASSWORD' } : {}),
      _embedded: {
        user: user(),
        policy: { complexity: PASSWORD_COMPLEXITY },
      },
      _links: {
        next:
          status === 'PASSWORD_RESET'
            ? post('/api/v1/authn/credentials/reset_password', 'resetPassword')
            : post('/api/v1/authn/credentials/change_password', 'changePassword'),
        ...(status === 'PASSWORD_WARN' ? { skip: post('/api/v1/authn/skip', 'skip') } : {}),
        cancel,
      },
    },
  }),
  lockedOut: (): Answer => ({
    status: 200,
    body: {
      status: 'LOCKED_OUT',
      _embedded: {},
      _links: { next: post('/api/v1/authn/recovery/unlock', 'unlock'), cancel },
    },
  }),
  recoveryChallenge: (recoveryType: 'PASSWORD' | 'UNLOCK'): Answer => ({
    status: 200,
    body: { status: 'RECOVERY_CHALLENGE', factorResult: 'WAITING', factorType: 'EMAIL', recoveryType },
  }),
  recovery: (recoveryType: 'PASSWORD' | 'UNLOCK' = 'PASSWORD'): Answer => ({
    status: 200,
    body: {
      ...common('RECOVERY'),
      recoveryType,
      _embedded: {
        user: { ...user(), recovery_question: { question: 'What was the name of your first pet?' } },
      },
      _links: { next: post('/api/v1/authn/recovery/answer', 'answer'), cancel },
    },
  }),
  unlocked: (): Answer => ({
    status: 200,
    body: { status: 'UNLOCKED', recoveryType: 'UNLOCK', relayState: null, _embedded: { user: user() } },
  }),
  cancelled: (): Answer => ({ status: 200, body: { relayState: null } }),
};

function factor(factorType: string) {
  const id = factorType === 'email' ? 'f-email' : factorType === 'push' ? 'f-push' : 'f-totp';
  return {
    id,
    factorType,
    provider: factorType === 'token:software:totp' ? 'GOOGLE' : 'OKTA',
    vendorName: factorType === 'token:software:totp' ? 'GOOGLE' : 'OKTA',
    profile:
      factorType === 'email'
        ? { email: 'a...a@example.test' }
        : factorType === 'push'
          ? { name: 'E-mail approval', platform: 'EMAIL', credentialId: 'ada@example.test' }
          : { credentialId: 'ada@example.test' },
    _links: { verify: post(`/api/v1/authn/factors/${id}/verify`) },
  };
}
