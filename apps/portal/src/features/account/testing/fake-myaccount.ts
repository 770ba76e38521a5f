import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OktaAuth } from '@okta/okta-auth-js';
import {
  type ContactStatus,
  type EmailRole,
  MYACCOUNT_BASE,
  MYACCOUNT_CONTENT_TYPE,
  type NotificationPreferences,
  type ProfilePermission,
  presentEmail as presentEmailAt,
  presentEmailChallenge,
  presentPassword as presentPasswordAt,
  presentPhone as presentPhoneAt,
  presentPhoneChallenge,
  presentProfile,
  presentProfileSchema,
  TRACKER_PATHS,
} from '@trackwell/contracts';
import { vi } from 'vitest';
import { flagsAnswer } from '../../../testing/signed-in.ts';
import {
  EVERY_KIND,
  type PreferencesState,
  trackerPreferencesAnswer,
} from './fake-notification-preferences.ts';

/**
 * A stand-in for the identity provider's MyAccount API (apps/server/src/modules/identity/myaccount/), its
 * answers built by the same presenters as the server's (packages/contracts okta-myaccount.ts): `_links` on
 * everything, DELETE 204 without a content type, e-mail verify `{}`. It keeps a little state so a flow
 * (add → verify → VERIFIED) reads as it would against the server. `calls` records every request.
 */

export const ORIGIN = 'http://localhost:3000';
const BASE = `${ORIGIN}${MYACCOUNT_BASE}`;
const localesDir = join(import.meta.dirname, '../../../../public/locales');

type Email = { id: string; email: string; role: EmailRole; status: ContactStatus };
type Phone = { id: string; phoneNumber: string; status: ContactStatus };

export type FakeState = {
  profile: Record<string, string | null>;
  schema: Record<string, { title: string; permission: ProfilePermission; maxLength: number }>;
  /** The store's languages (the profile schema's locale choices). */
  languages: string[];
  emails: Email[];
  phones: Phone[];
  password: 'ACTIVE' | 'NOT_ENROLLED';
  currentPassword: string;
  /** The code each challenge (e-mail challenge id, or phone id) expects. */
  codes: Map<string, string>;
  /** Answers a path + method with this failure instead (status and Okta error body). */
  failures: Map<string, { status: number; body: unknown; headers?: Record<string, string> }>;
  sourceTrackings: unknown[];
  /** The tracker service's notification preferences; a PUT saves what it is given. */
  notificationPreferences: NotificationPreferences;
  /** The store's `user_webhooks` feature flag: the Webhooks tab is there when on (default). */
  userWebhooks?: boolean;
} & PreferencesState;

/** Okta's answer to a refused value (400 E0000001), naming the field in its one cause. */
export const validationFailure = (cause: string) => ({
  status: 400,
  body: {
    errorCode: 'E0000001',
    errorSummary: 'Api validation failed: profile',
    errorCauses: [{ errorSummary: cause }],
  },
});

export function buildFakeState(overrides: Partial<FakeState> = {}): FakeState {
  return {
    profile: {
      login: 'mary@acme.example',
      email: 'mary@acme.example',
      firstName: 'Mary',
      lastName: 'Somerville',
      locale: null,
      organization: null,
    },
    schema: {
      login: { title: 'Username', permission: 'READ_ONLY', maxLength: 100 },
      email: { title: 'Primary email', permission: 'READ_ONLY', maxLength: 100 },
      firstName: { title: 'First name', permission: 'READ_WRITE', maxLength: 50 },
      lastName: { title: 'Last name', permission: 'READ_WRITE', maxLength: 50 },
      locale: { title: 'Locale', permission: 'READ_WRITE', maxLength: 10 },
      organization: { title: 'Organisation', permission: 'READ_WRITE', maxLength: 100 },
    },
    emails: [{ id: 'eml1', email: 'mary@acme.example', role: 'PRIMARY', status: 'VERIFIED' }],
    phones: [],
    languages: ['en'],
    password: 'ACTIVE',
    currentPassword: 'Trackwell-Demo-2026',
    codes: new Map(),
    failures: new Map(),
    sourceTrackings: [],
    notificationPreferences: EVERY_KIND,
    ...overrides,
  };
}

const OKTA_JSON = { 'content-type': MYACCOUNT_CONTENT_TYPE };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...OKTA_JSON, ...headers } });
const noContent = () => new Response(null, { status: 204 });
const oktaError = (status: number, errorCode: string, errorSummary: string, causes: string[] = []) =>
  json(status, {
    errorCode,
    errorSummary,
    errorLink: errorCode,
    errorId: 'oae-test',
    errorCauses: causes.map((c) => ({ errorSummary: c })),
  });

const presentEmail = (e: Email) => presentEmailAt(BASE, e);
const presentPhone = (p: Phone) => presentPhoneAt(BASE, p);
const presentPassword = (s: FakeState) =>
  presentPasswordAt(
    BASE,
    s.password === 'ACTIVE'
      ? {
          id: 'pwd1',
          enrolled: true,
          created: new Date('2026-01-02T10:00:00.000Z'),
          lastUpdated: new Date('2026-03-04T10:00:00.000Z'),
        }
      : { id: 'pwd1', enrolled: false },
  );
const CREATED = new Date('2026-01-02T10:00:00.000Z');

let counter = 0;
// Above the fixtures' own ids (eml1, mbl9…), so an added item never takes one.
const nextId = (prefix: string) => `${prefix}${1000 + ++counter}`;

export type Call = { method: string; path: string; body: unknown; authorization: string | null };

/** Stubs `fetch`: MyAccount (with `state`), the tracker's source trackings, and the translation files. */
export function stubMyAccount(state: FakeState = buildFakeState()) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // i18next's backend asks for relative URLs (/locales/…); a Request needs an absolute one.
    const request = input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
    const url = new URL(request.url, ORIGIN);
    const method = request.method.toUpperCase();
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url.pathname, body, authorization: request.headers.get('authorization') });

    const locale = /^\/locales\/([A-Za-z_]+)\/([a-z]+)\.json$/.exec(url.pathname);
    if (locale) {
      try {
        return json(
          200,
          JSON.parse(readFileSync(join(localesDir, locale[1]!, `${locale[2]!}.json`), 'utf8')),
        );
      } catch {
        return json(404, {});
      }
    }
    const failure = state.failures.get(`${method} ${url.pathname}`);
    if (failure) return json(failure.status, failure.body, failure.headers);
    if (url.pathname === TRACKER_PATHS.featureFlags)
      return json(200, flagsAnswer({ user_webhooks: state.userWebhooks ?? true }));
    const preferences = trackerPreferencesAnswer(state, method, url.pathname, body);
    if (preferences) return json(200, preferences);
    if (url.pathname.startsWith('/api/tracker/')) {
      return json(200, {
        status: '200',
        responseData: { value: { contentSourceTrackings: state.sourceTrackings } },
      });
    }
    return answer(state, method, url.pathname.replace('/idp/myaccount', ''), body ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, state };
}

/** The match (ids at 1, 2) when the route has the pattern's shape. */
const match = (route: string, pattern: RegExp): RegExpExecArray | undefined =>
  pattern.exec(route) ?? undefined;

function profileAnswer(s: FakeState, route: string, body: Record<string, unknown>): Response | undefined {
  if (route === 'GET /profile')
    return json(200, presentProfile(BASE, { createdAt: CREATED, modifiedAt: CREATED, profile: s.profile }));
  if (route === 'GET /profile/schema') {
    const attributes = Object.entries(s.schema).map(([name, a]) => ({ name, ...a }));
    return json(200, presentProfileSchema(BASE, attributes, s.languages));
  }
  if (route === 'PUT /profile') {
    s.profile = { ...(body.profile as Record<string, string | null>) };
    return json(
      200,
      presentProfile(BASE, { createdAt: CREATED, modifiedAt: new Date(), profile: s.profile }),
    );
  }
  return undefined;
}

function emailAnswer(s: FakeState, route: string, body: Record<string, unknown>): Response | undefined {
  let m: RegExpExecArray | undefined;
  if (route === 'GET /emails') return json(200, s.emails.map(presentEmail));
  if (route === 'POST /emails') {
    const address = (body.profile as { email: string }).email;
    if (s.emails.some((e) => e.email === address.toLowerCase()))
      return oktaError(400, 'E0000001', 'Api validation failed', [
        'profile.email: An email with this value already exists',
      ]);
    const e: Email = {
      id: nextId('eml'),
      email: address.toLowerCase(),
      role: 'SECONDARY',
      status: 'UNVERIFIED',
    };
    s.emails.push(e);
    return json(201, presentEmail(e));
  }
  m = match(route, /^POST \/emails\/(\w+)\/challenge$/);
  if (m) {
    const e = s.emails.find((x) => x.id === m![1]);
    if (!e) return oktaError(404, 'E0000007', 'Not found');
    const id = nextId('chl');
    s.codes.set(id, String(100000 + counter));
    return json(
      201,
      presentEmailChallenge(BASE, {
        emailId: e.id,
        email: e.email,
        challengeId: id,
        expiresAt: new Date('2026-05-01T10:05:00.000Z'),
        status: 'UNVERIFIED',
      }),
    );
  }
  m = match(route, /^POST \/emails\/(\w+)\/challenge\/(\w+)\/verify$/);
  if (m) {
    const e = s.emails.find((x) => x.id === m![1]);
    if (!e || s.codes.get(m[2]!) !== body.verificationCode)
      return oktaError(403, 'E0000068', 'Invalid Passcode/Answer', [
        'Your passcode doesn\u2019t match our records.',
      ]);
    e.status = 'VERIFIED';
    s.codes.delete(m[2]!);
    return json(200, {});
  }
  m = match(route, /^DELETE \/emails\/(\w+)$/);
  if (m) {
    s.emails = s.emails.filter((e) => e.id !== m![1]);
    return noContent();
  }
  return undefined;
}

function phoneAnswer(s: FakeState, route: string, body: Record<string, unknown>): Response | undefined {
  let m: RegExpExecArray | undefined;
  if (route === 'GET /phones') return json(200, s.phones.map(presentPhone));
  if (route === 'POST /phones') {
    const p: Phone = {
      id: nextId('mbl'),
      phoneNumber: (body.profile as { phoneNumber: string }).phoneNumber,
      status: 'UNVERIFIED',
    };
    s.phones.push(p);
    s.codes.set(p.id, String(200000 + counter));
    return json(201, presentPhone(p));
  }
  m = match(route, /^POST \/phones\/(\w+)\/challenge$/);
  if (m) {
    s.codes.set(m[1]!, String(300000 + ++counter));
    return json(200, presentPhoneChallenge(BASE, m[1]!));
  }
  m = match(route, /^POST \/phones\/(\w+)\/verify$/);
  if (m) {
    const p = s.phones.find((x) => x.id === m![1]);
    if (!p || s.codes.get(p.id) !== body.verificationCode)
      return oktaError(403, 'E0000068', 'Invalid Passcode/Answer');
    p.status = 'VERIFIED';
    return noContent();
  }
  m = match(route, /^DELETE \/phones\/(\w+)$/);
  if (m) {
    s.phones = s.phones.filter((p) => p.id !== m![1]);
    return noContent();
  }
  return undefined;
}

function passwordAnswer(s: FakeState, route: string, body: Record<string, unknown>): Response | undefined {
  if (route === 'GET /password') return json(200, presentPassword(s));
  if (route === 'POST /password') {
    s.password = 'ACTIVE';
    s.currentPassword = (body.profile as { password: string }).password;
    return json(201, presentPassword(s));
  }
  if (route === 'PUT /password') {
    const profile = body.profile as { password: string; currentPassword: string };
    if (profile.currentPassword !== s.currentPassword)
      return oktaError(403, 'E0000014', 'Update of credentials failed', ['Old Password is not correct']);
    s.currentPassword = profile.password;
    return json(201, presentPassword(s));
  }
  if (route === 'DELETE /password') {
    s.password = 'NOT_ENROLLED';
    return noContent();
  }
  return undefined;
}

/** The MyAccount API as the identity provider answers it, over the fake's state. */
function answer(s: FakeState, method: string, path: string, body: Record<string, unknown>): Response {
  const route = `${method} ${path}`;
  for (const part of [profileAnswer, emailAnswer, phoneAnswer, passwordAnswer]) {
    const response = part(s, route, body);
    if (response) return response;
  }
  return oktaError(404, 'E0000007', `Not found: ${route}`);
}

/** The code the fake sent for a challenge or phone (what a person would read in the inbox). */
export function codeFor(state: FakeState, id: string): string {
  const code = state.codes.get(id);
  if (!code) throw new Error(`no code for ${id}`);
  return code;
}

/** An SDK like the portal's, whose silent token request answers at once with an account token. */
export function buildOktaAuth(accessToken = 'account-token-1') {
  const oktaAuth = new OktaAuth({
    issuer: `${ORIGIN}/oauth2/default`,
    clientId: 'portal-test',
    redirectUri: `${ORIGIN}/implicit/callback`,
    pkce: true,
    tokenManager: { storage: 'memory', autoRenew: false },
  });
  const getWithoutPrompt = vi.spyOn(oktaAuth.token, 'getWithoutPrompt').mockResolvedValue({
    tokens: {
      accessToken: {
        accessToken,
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        claims: { sub: 'mary@acme.example' },
        tokenType: 'Bearer',
        scopes: [],
        authorizeUrl: '',
        userinfoUrl: '',
      },
    },
    state: 'state',
  } as unknown as Awaited<ReturnType<OktaAuth['token']['getWithoutPrompt']>>);
  return { oktaAuth, getWithoutPrompt };
}
