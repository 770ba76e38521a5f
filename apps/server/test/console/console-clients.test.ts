import { CONSOLE_PATHS } from '@trackwell/contracts';
import { listAuditEntries } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminA, callAs, editorA, operator, t, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The console's publisher clients: an operator creates a client-credentials client of a store's embedded identity
 * provider (secret shown once), it gets a `catalog.changes` token there, it is listed, and once revoked the
 * token endpoint refuses it. Audited, never with the secret.
 */
useConsoleWorld();

let store: { code: string; host: string };
beforeAll(async () => {
  const created = await t.createTenant(); // the embedded identity provider (issuer-uri /oauth2/default)
  store = { code: created.tenant.code, host: created.host };
});

const clientsUrl = () => CONSOLE_PATHS.storeClients.replace(':code', store.code);
const requestToken = (clientId: string, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth2/default/v1/token',
    headers: {
      host: store.host,
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials&scope=catalog.changes',
  });

describe('console publisher clients', () => {
  it('create (secret once) → a catalog.changes token → listed → revoked: no more tokens', async () => {
    const created = await callAs(operator, {
      method: 'POST',
      url: clientsUrl(),
      payload: { label: 'ERP feed' },
    });
    expect(created.statusCode).toBe(201);
    const client = created.json() as {
      clientId: string;
      clientSecret: string;
      label: string;
      tokenUrl: string;
    };
    expect(client).toMatchObject({ label: 'ERP feed' });
    expect(client.clientId).toMatch(/^catalog-publisher-/);
    expect(client.tokenUrl).toMatch(/\/oauth2\/default\/v1\/token$/);

    const token = await requestToken(client.clientId, client.clientSecret);
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ token_type: 'Bearer', scope: 'catalog.changes' });

    const listed = await callAs(operator, { url: clientsUrl() });
    expect(listed.json()).toEqual({ clients: [{ clientId: client.clientId, label: 'ERP feed' }] });
    expect(listed.body).not.toContain(client.clientSecret);

    const revoked = await callAs(operator, { method: 'DELETE', url: `${clientsUrl()}/${client.clientId}` });
    expect(revoked.statusCode).toBe(200);
    expect((await requestToken(client.clientId, client.clientSecret)).statusCode).toBe(401);
    expect((await callAs(operator, { url: clientsUrl() })).json()).toEqual({ clients: [] });
    expectError(await callAs(operator, { method: 'DELETE', url: `${clientsUrl()}/${client.clientId}` }), 404);

    const { entries } = await listAuditEntries(t.app.db, { storeCode: store.code, limit: 10 });
    expect(entries.map((e) => e.action)).toEqual(['client.revoke', 'client.create']);
    expect(JSON.stringify(entries)).not.toContain(client.clientSecret);
  });

  it('a catalogue editor and another store’s admin may not create clients', async () => {
    for (const actor of [editorA, adminA])
      expectError(await callAs(actor, { method: 'POST', url: clientsUrl(), payload: { label: 'x' } }), 403);
  });
});
