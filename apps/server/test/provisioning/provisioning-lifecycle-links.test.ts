import { LIFECYCLE_OPERATIONS, type StoredUserStatus } from '@trackwell/contracts';
import { createStoreApiKey, setProvisionedUserStatus, type Tenant } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * A user's lifecycle `_links` are exactly what the Users API then does. For a user in each
 * status, every advertised operation succeeds, and every other one is refused (400 E0000001, or 403 E0000016
 * for activating an active user); two are allowed without being offered, as Okta does: deactivating a
 * deactivated user (nothing changes) and unlocking an active one. Two calls on one user at once are judged
 * one after the other (the user's row is locked: on PostgreSQL they really run side by side).
 */

let t: TestApp;
let store: { tenant: Tenant; host: string };
let token = '';
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  store = await t.createTenant();
  token = (
    await t.app.db.transaction((tx) => createStoreApiKey(tx, store.tenant.id, 'links', null, 'provisioning'))
  ).key;
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { host: store.host, authorization: `SSWS ${token}` } });

const STATUSES: StoredUserStatus[] = [
  'STAGED',
  'PROVISIONED',
  'ACTIVE',
  'RECOVERY',
  'LOCKED_OUT',
  'SUSPENDED',
  'DEPROVISIONED',
];
const UNOFFERED_BUT_ALLOWED = new Set(['DEPROVISIONED:deactivate', 'ACTIVE:unlock']);

/** A fresh user of the store in `status`, with a password. */
async function userIn(status: StoredUserStatus): Promise<string> {
  const user = await createEmbeddedUser(t.app, store.tenant.id);
  await setProvisionedUserStatus(t.app.db, store.tenant.id, user.id, status);
  return user.id;
}

describe('lifecycle links are what the Users API does', { timeout: 120_000 }, () => {
  for (const status of STATUSES) {
    it(`a ${status} user`, async () => {
      const probe = await userIn(status);
      const links = (await call('GET', `/api/v1/users/${probe}`)).json()._links as Record<
        string,
        { href: string }
      >;
      const offered = new Set(
        Object.values(links)
          .map((l) => /\/lifecycle\/(\w+)$/.exec(l.href)?.[1])
          .filter((op): op is string => op !== undefined),
      );
      for (const op of LIFECYCLE_OPERATIONS) {
        const id = await userIn(status); // each operation on a user of its own, still in `status`
        const res = await call('POST', `/api/v1/users/${id}/lifecycle/${op}?sendEmail=false`);
        const ok = res.statusCode === 200;
        const expected = offered.has(op) || UNOFFERED_BUT_ALLOWED.has(`${status}:${op}`);
        expect(
          ok,
          `${status} ${op}: ${res.statusCode} ${res.body.slice(0, 200)} (offered: ${[...offered]})`,
        ).toBe(expected);
        if (!ok) expect(['E0000001', 'E0000016']).toContain(res.json().errorCode);
      }
    });
  }
});

describe('two calls on one user at once', () => {
  it('are judged one after the other: one suspend succeeds, the other is refused as for a suspended user', async () => {
    const user = await userIn('ACTIVE');
    const suspend = () => call('POST', `/api/v1/users/${user}/lifecycle/suspend`);
    const answers = await Promise.all([suspend(), suspend()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.statusCode === 400)?.json()).toMatchObject({ errorCode: 'E0000001' });
    expect((await call('GET', `/api/v1/users/${user}`)).json().status).toBe('SUSPENDED');
  });
});
