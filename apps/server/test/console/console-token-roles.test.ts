import { CONSOLE_PATHS, CONSOLE_ROLES_CLAIM } from '@trackwell/contracts';
import { grantConsoleRole, revokeConsoleRole } from '@trackwell/db';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser, embeddedTokens } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { startIdp } from '../support/identity-harness.ts';

/**
 * Console roles in the embedded identity provider's tokens (`trackwell_roles`, what the portal reads), and
 * the server deciding from the database, not the claim: a revoked role stops at once though the token says it.
 */
let t: TestApp;
let store: Awaited<ReturnType<TestApp['createTenant']>>;
beforeAll(async () => {
  t = await buildTestApp();
  store = await t.createTenant();
});
afterAll(() => t?.close());

const signIn = async (login: string) =>
  embeddedTokens(t.app, store.host, store.tenant.config['client-id'], login);

describe('the trackwell_roles claim', () => {
  it('is in the access token and the ID token of a user holding console roles', async () => {
    const user = await createEmbeddedUser(t.app, store.tenant.id);
    await grantConsoleRole(t.app.db, store.tenant.id, user.id, 'store_admin', null);
    await grantConsoleRole(t.app.db, store.tenant.id, user.id, 'catalog_editor', null);
    const tokens = await signIn(user.login);
    expect(decodeJwt(tokens.access_token)[CONSOLE_ROLES_CLAIM]).toEqual(['catalog_editor', 'store_admin']);
    expect(decodeJwt(tokens.id_token)[CONSOLE_ROLES_CLAIM]).toEqual(['catalog_editor', 'store_admin']);
  });

  it('is absent for a user without a role', async () => {
    const user = await createEmbeddedUser(t.app, store.tenant.id);
    const tokens = await signIn(user.login);
    expect(decodeJwt(tokens.access_token)).not.toHaveProperty(CONSOLE_ROLES_CLAIM);
    expect(decodeJwt(tokens.id_token)).not.toHaveProperty(CONSOLE_ROLES_CLAIM);
  });

  it('is not what the server trusts: a role revoked after sign-in is refused at once (403)', async () => {
    // A listening server: the API fetches the issuer's keys over HTTP, as from any issuer.
    const h = await startIdp();
    try {
      const user = await h.createUser();
      const tenantId = h.tenantId();
      await grantConsoleRole(h.t.app.db, tenantId, user.id, 'store_admin', null);
      const { access_token } = await embeddedTokens(h.t.app, `127.0.0.1:${h.port}`, h.clientId(), user.login);
      const { rows } = await h.t.app.db.query<{ code: string }>('SELECT code FROM tenants WHERE id = $1', [
        tenantId,
      ]);
      const call = () =>
        h.t.app.inject({
          url: CONSOLE_PATHS.store.replace(':code', rows[0]!.code),
          headers: { host: `127.0.0.1:${h.port}`, authorization: `Bearer ${access_token}` },
        });
      const first = await call();
      expect(first.statusCode, first.body).toBe(200);
      await revokeConsoleRole(h.t.app.db, tenantId, user.id, 'store_admin');
      expect(decodeJwt(access_token)[CONSOLE_ROLES_CLAIM]).toEqual(['store_admin']);
      expect((await call()).statusCode).toBe(403);
    } finally {
      await h.close();
    }
  });
});
