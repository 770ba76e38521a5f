import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { createCatalogPublisherClient, deleteCatalogPublisherClient } from '@trackwell/db';
import { decodeJwt, importJWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdpHarness, startIdp } from '../support/identity-harness.ts';
import { buildNotificationCatalogue } from '../support/notifications-fixtures.ts';

/**
 * The change feed's OAuth 2.0 option: a publisher client of the tenant's embedded identity provider gets
 * an access token with the client_credentials grant (scope catalog.changes) and posts changes with it.
 * Real HTTP: the app listens on 127.0.0.1 (tenant A) and localhost (tenant B), and verifies tokens against
 * the issuer's JWKS as any resource server does.
 */

let idp: IdpHarness;
beforeAll(async () => {
  idp = await startIdp();
  await buildNotificationCatalogue(idp.t.app.db, idp.tenantId('127.0.0.1'));
  await buildNotificationCatalogue(idp.t.app.db, idp.tenantId('localhost'));
});
afterAll(async () => idp?.close());

const tokenUrl = (host: string) => `${idp.origin(host)}/oauth2/default/v1/token`;

async function requestToken(
  host: string,
  client: { clientId: string; clientSecret: string },
  scope: string | undefined = 'catalog.changes',
) {
  const body = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  const res = await fetch(tokenUrl(host), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

let publisher127: { clientId: string; clientSecret: string } | undefined;
const client127 = () => publisher127!;

/** A JWT signed with the store's own issuer key (from the database), for tokens the IdP would not issue. */
async function signAsIssuer(host: string, claims: JWTPayload): Promise<string> {
  const { rows } = await idp.t.app.db.query<{ kid: string; private_jwk: Record<string, unknown> }>(
    'SELECT kid, private_jwk FROM identity_keys WHERE tenant_id = $1',
    [idp.tenantId(host)],
  );
  const key = await importJWK(rows[0]!.private_jwk, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: rows[0]!.kid, typ: 'at+jwt' }).sign(key);
}

let eventCounter = 0;
const postChanges = async (host: string, token: string) => {
  const res = await fetch(`${idp.origin(host)}${CATALOG_CHANGES_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [{ id: `cc-${++eventCounter}`, type: 'withdrawal', standard: { contentCode: 'D638-CC' } }],
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('publisher client credentials for POST /api/catalog/v1/changes', () => {
  it("issues an Okta-style client-credentials token for scope catalog.changes, which the store's change feed accepts", async () => {
    const client = await createCatalogPublisherClient(idp.t.app.db, idp.tenantId('127.0.0.1'), 'test');
    publisher127 = client;
    expect(client.clientId).toMatch(/^catalog-publisher-/);
    const token = await requestToken('127.0.0.1', client);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'catalog.changes' });
    const claims = decodeJwt(token.body.access_token!);
    expect(claims).toMatchObject({
      iss: `${idp.origin('127.0.0.1')}/oauth2/default`,
      aud: 'api://default',
      cid: client.clientId,
      sub: client.clientId,
      scp: ['catalog.changes'],
    });
    const posted = await postChanges('127.0.0.1', token.body.access_token!);
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ status: '200', applied: 1, rejected: 0 });
    // The API key still works beside it (the fixtures made one); nothing else changed for it.
  });

  it('refuses a wrong secret, an unknown client and the SPA client at the token endpoint', async () => {
    const client = await createCatalogPublisherClient(idp.t.app.db, idp.tenantId('127.0.0.1'), 'test');
    const wrong = await requestToken('127.0.0.1', { ...client, clientSecret: `${client.clientSecret}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    // A client exists in its own store's issuer only.
    const elsewhere = await requestToken('localhost', client);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toBe('invalid_client');
    // The portal's public client cannot use client_credentials.
    const spa = await fetch(tokenUrl('127.0.0.1'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: idp.clientId('127.0.0.1'),
        scope: 'catalog.changes',
      }),
    });
    expect(spa.status).toBeGreaterThanOrEqual(400);
    expect(await spa.json()).toMatchObject({
      error_description: 'requested grant type is not allowed for this client',
    });
    // A publisher client gets no user scopes: asking for openid grants nothing.
    const openid = await requestToken('127.0.0.1', client, 'openid');
    expect(openid.status).toBe(200);
    expect(openid.body.scope).toBeUndefined();
    expect(decodeJwt(openid.body.access_token!).scp).toEqual([]);
  });

  it("refuses another store's token (401), a token without the scope or of a non-publisher client (403), a deleted client's token (401) and a forged one (401), applying nothing", async () => {
    const countEvents = async (host: string) =>
      (
        await idp.t.app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM catalog_events WHERE tenant_id = $1',
          [idp.tenantId(host)],
        )
      ).rows[0]!.n;
    const before = await countEvents('127.0.0.1');

    const otherClient = await createCatalogPublisherClient(idp.t.app.db, idp.tenantId('localhost'), 'other');
    const otherToken = (await requestToken('localhost', otherClient)).body.access_token!;
    const cross = await postChanges('127.0.0.1', otherToken);
    expect(cross.status).toBe(401);
    expect(cross.body).toMatchObject({ error: 'unauthorized' });
    expect(cross.body.message).toMatch(/not issued by this store's identity provider/);
    expect((await postChanges('localhost', otherToken)).status).toBe(200); // …and it works at its own store

    // Tokens signed by this store's own issuer key, but not a publisher's: without the scope, or a user's
    // (the portal's client id, user scopes).
    const issued = (await requestToken('127.0.0.1', client127())).body.access_token!;
    const base = decodeJwt(issued);
    const unscoped = await postChanges('127.0.0.1', await signAsIssuer('127.0.0.1', { ...base, scp: [] }));
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.message).toMatch(/lacks scope catalog\.changes/);
    const userLike = await signAsIssuer('127.0.0.1', {
      ...base,
      cid: idp.clientId('127.0.0.1'),
      sub: 'someone@example.test',
      scp: ['openid', 'catalog.changes'],
    });
    const user = await postChanges('127.0.0.1', userLike);
    expect(user.status).toBe(403);
    expect(user.body.message).toMatch(/not issued to a publisher client/);

    const client = await createCatalogPublisherClient(idp.t.app.db, idp.tenantId('127.0.0.1'), 'test');
    const token = (await requestToken('127.0.0.1', client)).body.access_token!;
    const [h, p, s] = token.split('.');
    const forged = `${h}.${p}.${s!.slice(0, -4)}AAAA`;
    const bad = await postChanges('127.0.0.1', forged);
    expect(bad.status).toBe(401);
    expect(bad.body.message).toMatch(/signature/);

    expect(await deleteCatalogPublisherClient(idp.t.app.db, idp.tenantId('127.0.0.1'), client.clientId)).toBe(
      true,
    );
    const revoked = await postChanges('127.0.0.1', token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/no longer exists/);

    expect(await countEvents('127.0.0.1')).toBe(before);
  });
});
