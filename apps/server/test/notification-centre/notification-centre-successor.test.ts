import {
  CATALOG_CHANGES_PATH,
  NOTIFICATION_CENTRE_PATHS as N,
  notificationList,
  notificationSuccessorFollow,
} from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationCatalogue, trackStandard } from '../support/notifications-fixtures.ts';
import { createTrackerTenant, type TestUser, type TrackerTenant } from '../support/tracker-fixtures.ts';
import { expectError, issuer, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * API contract: "Track <new> instead" from the notification centre. The list says per user
 * whether the replacement is followed; the POST moves the tracking once (a second says 'already'); another
 * user's or another store's notification, or an unknown id, is 404 and changes nothing; a change that
 * replaced nothing is 409; bad ids 400; no token 401.
 */
useTrackerWorld();

let reader: TestUser;
let other: TestUser;
let foreign: TestUser;
let keyA = '';
let a: TrackerTenant;
let b: TrackerTenant;

const publish = (events: object[]) =>
  t.app.inject({
    method: 'POST',
    url: CATALOG_CHANGES_PATH,
    headers: { host: a.host, 'x-api-key': keyA },
    payload: { events },
  });
const list = async (user: TestUser) => {
  const res = await a.call(user, { url: N.list });
  expect(res.statusCode).toBe(200);
  return notificationList.parse(res.json()).notifications;
};
const tracked = async (userId: string) =>
  (
    await t.app.db.query<{ designation: string }>(
      `SELECT s.designation FROM content_trackings ct JOIN standards s ON s.id = ct.standard_id
        WHERE ct.tenant_id = $1 AND ct.user_id = $2 ORDER BY 1`,
      [a.tenant.id, userId],
    )
  ).rows.map((r) => r.designation);
const follow = (user: TestUser | null, id: string) =>
  a.call(user, { method: 'POST', url: N.followSuccessor.replace(':id', id) });

let replacedId = '';
let editionId = '';

beforeAll(async () => {
  a = await createTrackerTenant(t, issuer);
  b = await createTrackerTenant(t, issuer);
  const built = await buildNotificationCatalogue(t.app.db, a.tenant.id);
  keyA = built.apiKey;
  await buildNotificationCatalogue(t.app.db, b.tenant.id);
  reader = await a.createUser();
  other = await a.createUser();
  foreign = await b.createUser();
  await trackStandard(t.app.db, a.tenant.id, reader.id, built.standardId);
  await trackStandard(t.app.db, a.tenant.id, other.id, built.standardId);
  expect(
    (await publish([{ id: 'fs-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } }])).statusCode,
  ).toBe(200);
  const replaced = await publish([
    {
      id: 'fs-2',
      type: 'new_standard',
      standard: {
        assetId: 'D638-22',
        contentCode: 'D638-22-CC',
        designation: 'D638-22',
        title: 'Tensile Properties of Plastics',
        publisherCode: 'PUB1',
        committeeDesignation: 'D20',
        edition: '2022',
        publishedOn: '2022-06-01',
      },
      replaces: { contentCode: 'D638-CC' },
    },
  ]);
  expect(replaced.statusCode).toBe(200);
  const items = await list(reader);
  replacedId = items.find((n) => n.change.successor)!.id;
  editionId = items.find((n) => !n.change.successor)!.id;
});

describe('"Track <new> instead" from the notification centre', () => {
  it('the list offers the replacement, not yet followed', async () => {
    const item = (await list(reader)).find((n) => n.id === replacedId)!;
    expect(item.change.successor).toMatchObject({
      from: { designation: 'D638-14' },
      to: { designation: 'D638-22' },
      followed: false,
    });
  });

  it('another user, another store, an unknown id: 404, nothing changed', async () => {
    expectError(await follow(other, replacedId), 404);
    expectError(
      await b.call(foreign, { method: 'POST', url: N.followSuccessor.replace(':id', replacedId) }),
      404,
    );
    expectError(await follow(reader, '999999999'), 404);
    expect(await tracked(reader.id)).toEqual(['D638-14']);
    expect(await tracked(other.id)).toEqual(['D638-14']);
  });

  it('a change that replaced nothing: 409, nothing changed', async () => {
    const body = expectError(await follow(reader, editionId), 409);
    expect(body.message).toContain('no successor');
    expect(await tracked(reader.id)).toEqual(['D638-14']);
  });

  it('bad ids are 400, no token 401', async () => {
    for (const id of ['abc', '0', '%00', '9'.repeat(40), '-1']) expectError(await follow(reader, id), 400);
    expectError(await follow(null, replacedId), 401);
    expect(await tracked(reader.id)).toEqual(['D638-14']);
  });

  it('moves the tracking to the successor; the list then says followed, for this user only', async () => {
    const res = await follow(reader, replacedId);
    expect(res.statusCode).toBe(200);
    expect(notificationSuccessorFollow.parse(res.json())).toEqual({
      state: 'followed',
      from: { assetId: expect.any(String), designation: 'D638-14' },
      to: { assetId: 'D638-22', designation: 'D638-22' },
    });
    expect(await tracked(reader.id)).toEqual(['D638-22']);
    expect((await list(reader)).find((n) => n.id === replacedId)!.change.successor?.followed).toBe(true);
    expect((await list(other)).find((n) => n.change.successor)!.change.successor?.followed).toBe(false);
    const how = await t.app.db.query<{ how: string }>(
      'SELECT how FROM successor_follows WHERE tenant_id = $1 AND user_id = $2',
      [a.tenant.id, reader.id],
    );
    expect(how.rows).toEqual([{ how: 'centre' }]);
  });

  it('a second call is idempotent: already, nothing changed', async () => {
    const res = await follow(reader, replacedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'already', to: { designation: 'D638-22' } });
    expect(await tracked(reader.id)).toEqual(['D638-22']);
  });
});
