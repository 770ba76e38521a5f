import { findIdentityKeyState, findTenantById } from '@trackwell/db';
import { decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKeySchedule } from '../../src/modules/identity/key-rotation-job.ts';
import { startKeyRotation } from '../../src/modules/identity/oidc/key-rotation.ts';
import { keyRotationPolicy } from '../../src/modules/identity/oidc/key-schedule.ts';
import {
  followToCallback,
  type IdpHarness,
  oktaClient,
  parseCallback,
  signInWithSdk,
  useIdpWithCookieJar,
} from '../support/identity-harness.ts';
import { eventually } from '../support/notifications-fixtures.ts';

/**
 * The unchanged okta-auth-js 8 across a whole rotation of the store's signing key, with the schedule's clock
 * moved by the test: one SDK instance signs in before the rotation; while the next key is only published it
 * still gets tokens of the old key; after the promotion its refresh brings tokens of the new key, which the
 * same instance verifies (its cached JWKS lacks the kid: it fetches the keys again), while the old tokens still
 * verify and still open the APIs; after the retirement the session and the refresh go on. Nobody is signed out.
 */
const idp = useIdpWithCookieJar();
const { realFetch, jar } = idp;
let h: IdpHarness;
beforeAll(() => {
  h = idp.harness();
});

const policy = keyRotationPolicy({ IDP_KEY_ROTATION_DAYS: 90, IDP_KEY_PUBLISH_AHEAD_SECONDS: 600 });
const kidOf = (jwt: string | undefined) => decodeProtectedHeader(jwt as string).kid;
const jwksKids = async () =>
  (
    (await (await realFetch(`${h.origin()}/oauth2/default/v1/keys`)).json()) as {
      keys: Array<{ kid: string }>;
    }
  ).keys.map((k) => k.kid);
const me = async (accessToken: string | undefined) =>
  (
    await realFetch(`${h.origin()}/api/identity/v1/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).status;

/** signInWithRedirect with the IdP session cookie alone (no password, no sessionToken), as the portal does. */
async function signInWithSession() {
  const captured: { url?: string } = {};
  const sdk = oktaClient(h, '127.0.0.1', captured);
  await sdk.signInWithRedirect();
  return parseCallback(sdk, await followToCallback(jar.fetch, captured.url as string));
}

describe('okta-auth-js 8 across a signing-key rotation', () => {
  it('keeps the user signed in and every token verifying through publish, promotion and retirement', async () => {
    jar.clear();
    const user = await h.createUser();
    const { auth, tokens } = await signInWithSdk(h, jar.fetch, user.login);
    const oldKid = kidOf(tokens.idToken?.idToken);
    expect(await jwksKids()).toEqual([oldKid]);
    await expect(auth.token.verify(tokens.idToken!)).resolves.toBeTruthy(); // the SDK caches the JWKS

    // Publish: the next key is listed, the old one still signs.
    const store = (await findTenantById(h.t.app.db, h.tenantId()))!;
    const actor = { kind: 'user' as const, id: user.id, login: user.login };
    const publishedAt = new Date();
    expect(await startKeyRotation(h.t.app.db, store, actor, policy, publishedAt)).toBe('published');
    const nextKid = (await findIdentityKeyState(h.t.app.db, store.id))!.next!.kid;
    await eventually(async () => expect(await jwksKids()).toEqual([oldKid, nextKid]));
    const during = await auth.token.renewTokens();
    expect(kidOf(during.idToken?.idToken)).toBe(oldKid);
    expect(kidOf(during.accessToken?.accessToken)).toBe(oldKid);
    auth.tokenManager.setTokens(during);

    // Promotion, at its time on the schedule's clock: the refresh brings tokens of the new key, which the same
    // SDK instance verifies (renewTokens verifies the ID token: the unknown kid makes it fetch the keys again).
    const steps = await runKeySchedule(h.t.app.db, policy, new Date(publishedAt.getTime() + 600_000));
    expect(steps.find((s) => s.code === store.code)?.steps).toEqual(['promote']);
    await eventually(async () => expect(await jwksKids()).toEqual([nextKid, oldKid]));
    const after = await auth.token.renewTokens();
    expect(kidOf(after.idToken?.idToken)).toBe(nextKid);
    expect(kidOf(after.accessToken?.accessToken)).toBe(nextKid);
    auth.tokenManager.setTokens(after);
    await expect(auth.token.verify(after.idToken!)).resolves.toBeTruthy();
    // The old key's tokens still verify, at the SDK and at the APIs.
    await expect(auth.token.verify(tokens.idToken!)).resolves.toBeTruthy();
    expect(await me(tokens.accessToken?.accessToken)).toBe(200);
    expect(await me(after.accessToken?.accessToken)).toBe(200);
    expect((await auth.getUser()).sub).toBe(user.id);

    // The IdP session (its cookie signed with the old cookie secret) goes on: a sign-in without a password.
    const silent = await signInWithSession();
    expect(silent.tokens.idToken?.claims.sub).toBe(user.id);
    expect(kidOf(silent.tokens.idToken?.idToken)).toBe(nextKid);

    // Retirement, once every token and session the old key signed has expired on the schedule's clock.
    const promotedAt = (await findIdentityKeyState(h.t.app.db, store.id))!.current.signsSince;
    const retired = await runKeySchedule(h.t.app.db, policy, new Date(promotedAt.getTime() + 7_500_000));
    expect(retired.find((s) => s.code === store.code)?.steps).toEqual(['retire']);
    await eventually(async () => expect(await jwksKids()).toEqual([nextKid]));
    const later = await auth.token.renewTokens();
    expect(kidOf(later.idToken?.idToken)).toBe(nextKid);
    expect(await me(later.accessToken?.accessToken)).toBe(200);
    const resumed = await signInWithSession();
    expect(resumed.tokens.idToken?.claims.sub).toBe(user.id);
  });
});
