import { Client } from '@okta/okta-sdk-nodejs';
import { createStoreApiKey, setSeatLimit } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdpHarness, startIdp } from '../support/identity-harness.ts';

/**
 * The unchanged `@okta/okta-sdk-nodejs` against the embedded provider's Groups API, whose groups are the
 * store's organisations: create, read, add and remove members (within the seat limit), list groups and a
 * group's users page by page through the SDK's collection iterator (the `Link: rel="next"` header), delete;
 * Okta's error codes; another store's token gets 401 and sees nothing.
 */

let h: IdpHarness;
let client: Client;

const newToken = async (host = '127.0.0.1') =>
  (
    await h.t.app.db.transaction((tx) =>
      createStoreApiKey(tx, h.tenantId(host), 'groups sdk test', null, 'provisioning'),
    )
  ).key;
const sdk = (apiToken: string, host = '127.0.0.1') => new Client({ orgUrl: h.origin(host), token: apiToken });

async function oktaFailure(call: Promise<unknown>): Promise<{ status: number; errorCode: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; errorCode: string };
    return { status: e.status, errorCode: e.errorCode };
  }
  throw new Error('the call succeeded');
}

const newUser = (login: string) =>
  client.userApi.createUser({
    body: { profile: { firstName: 'Group', lastName: 'Member', email: login, login } },
    activate: false,
  });

const membersOf = async (groupId: string, limit?: number) => {
  const logins: string[] = [];
  for await (const u of await client.groupApi.listGroupUsers({ groupId, ...(limit ? { limit } : {}) }))
    if (u) logins.push(u.profile!.login!);
  return logins.sort();
};

beforeAll(async () => {
  h = await startIdp({ PROVISIONING_RATE_LIMIT_PER_TOKEN: '5000' });
  client = sdk(await newToken());
}, 60_000);
afterAll(() => h.close());

describe('the Groups API through @okta/okta-sdk-nodejs', { timeout: 60_000 }, () => {
  it('create → read → add members → list them page by page → remove one → delete', async () => {
    const group = await client.groupApi.createGroup({
      group: { profile: { name: 'Quality Team', description: 'Keeps the standards' } },
    });
    expect(group.type).toBe('OKTA_GROUP');
    expect(group.profile?.name).toBe('Quality Team');
    const read = await client.groupApi.getGroup({ groupId: group.id! });
    expect(read.profile?.description).toBe('Keeps the standards');
    expect(read._links?.users?.href).toBe(`${h.origin()}/api/v1/groups/${group.id}/users`);

    const users = [];
    for (let n = 1; n <= 5; n++) users.push(await newUser(`member-${n}@groups.test`));
    for (const u of users) await client.groupApi.assignUserToGroup({ groupId: group.id!, userId: u.id! });
    await client.groupApi.assignUserToGroup({ groupId: group.id!, userId: users[0]!.id! }); // again: no change
    // Two a page: the iterator follows `next` twice.
    expect(await membersOf(group.id!, 2)).toEqual(users.map((u) => u.profile!.login!).sort());
    // Provisioned members are readers of the organisation.
    const { rows } = await h.t.app.db.query<{ role: string }>(
      'SELECT DISTINCT role FROM organisation_members WHERE organisation_id = $1',
      [group.id],
    );
    expect(rows).toEqual([{ role: 'reader' }]);

    await client.groupApi.unassignUserFromGroup({ groupId: group.id!, userId: users[2]!.id! });
    expect(await membersOf(group.id!)).not.toContain('member-3@groups.test');
    expect(await membersOf(group.id!)).toHaveLength(4);

    // Each change is in the store's audit log, the API token as its actor.
    const { rows: audit } = await h.t.app.db.query<{
      action: string;
      actor_kind: string;
      actor_login: string;
    }>(
      `SELECT action, actor_kind, actor_login FROM console_audit_log
        WHERE tenant_id = $1 AND action LIKE 'organisation.%' ORDER BY id`,
      [h.tenantId()],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'organisation.create',
      ...Array(5).fill('organisation.member'),
      'organisation.member',
    ]);
    expect(new Set(audit.map((r) => `${r.actor_kind} ${r.actor_login}`))).toEqual(
      new Set(['api_key groups sdk test']),
    );

    await client.groupApi.deleteGroup({ groupId: group.id! });
    expect(await oktaFailure(client.groupApi.getGroup({ groupId: group.id! }))).toEqual({
      status: 404,
      errorCode: 'E0000007',
    });
  });

  it('lists groups page by page with Okta’s Link headers, and by name prefix', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `Paged Group ${String(i).padStart(2, '0')}`);
    for (const name of names) await client.groupApi.createGroup({ group: { profile: { name } } });
    const seen: string[] = [];
    for await (const g of await client.groupApi.listGroups({ q: 'Paged Group', limit: 3 }))
      if (g) seen.push(g.profile!.name!);
    expect(seen).toEqual(names);
    // The raw answer: Okta's Link header with the next page's cursor, from the store's own origin.
    const res = await fetch(`${h.origin()}/api/v1/groups?q=Paged&limit=3`, {
      headers: { authorization: `SSWS ${await newToken()}`, accept: 'application/json' },
    });
    const link = res.headers.get('link') ?? '';
    expect(link).toContain(`<${h.origin()}/api/v1/groups?q=Paged&limit=3>; rel="self"`);
    expect(link).toMatch(
      /<http:\/\/[^>]+\/api\/v1\/groups\?q=Paged&limit=3&after=[0-9a-f-]{36}>; rel="next"/,
    );
  });

  it('refuses a taken name and a member past the seat limit with E0000001; unknown ids are 404', async () => {
    const group = await client.groupApi.createGroup({ group: { profile: { name: 'Two Seats' } } });
    expect(
      await oktaFailure(client.groupApi.createGroup({ group: { profile: { name: 'two seats' } } })),
    ).toEqual({
      status: 400,
      errorCode: 'E0000001',
    });
    await setSeatLimit(h.t.app.db, h.tenantId('127.0.0.1'), group.id!, 2);
    const [x, y, z] = [
      await newUser('seat-x@groups.test'),
      await newUser('seat-y@groups.test'),
      await newUser('seat-z@groups.test'),
    ];
    await client.groupApi.assignUserToGroup({ groupId: group.id!, userId: x.id! });
    await client.groupApi.assignUserToGroup({ groupId: group.id!, userId: y.id! });
    expect(
      await oktaFailure(client.groupApi.assignUserToGroup({ groupId: group.id!, userId: z.id! })),
    ).toEqual({
      status: 400,
      errorCode: 'E0000001',
    });
    expect(await membersOf(group.id!)).toEqual(['seat-x@groups.test', 'seat-y@groups.test']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const call of [
      () => client.groupApi.getGroup({ groupId: unknown }),
      () => client.groupApi.assignUserToGroup({ groupId: unknown, userId: x.id! }),
      () => client.groupApi.assignUserToGroup({ groupId: group.id!, userId: unknown }),
      () => client.groupApi.unassignUserFromGroup({ groupId: group.id!, userId: unknown }),
      () => client.groupApi.deleteGroup({ groupId: unknown }),
    ])
      expect(await oktaFailure(call())).toEqual({ status: 404, errorCode: 'E0000007' });
  });

  it('another store’s token is 401 and changes nothing', async () => {
    const group = await client.groupApi.createGroup({ group: { profile: { name: 'Private Group' } } });
    const foreign = sdk(await newToken('localhost'));
    expect(await oktaFailure(foreign.groupApi.getGroup({ groupId: group.id! }))).toMatchObject({
      status: 401,
    });
    const other = sdk(await newToken('localhost'), '127.0.0.1');
    expect(await oktaFailure(other.groupApi.deleteGroup({ groupId: group.id! }))).toEqual({
      status: 401,
      errorCode: 'E0000011',
    });
    expect((await client.groupApi.getGroup({ groupId: group.id! })).profile?.name).toBe('Private Group');
  });
});
