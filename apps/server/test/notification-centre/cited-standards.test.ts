import { CATALOG_CHANGES_PATH, NOTIFICATION_CENTRE_PATHS as N, notificationList } from '@trackwell/contracts';
import { replaceStandardCitations } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationCatalogue, trackStandard } from '../support/notifications-fixtures.ts';
import { createTrackerTenant, type TestUser, type TrackerTenant } from '../support/tracker-fixtures.ts';
import { issuer, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * A cited standard's change over HTTP: the publisher API's answer counts the reader of the citing standard,
 * the notification centre lists the change once with the citation as its reason (the contract's shape), and
 * the private feed says why in a sentence; a reader in another store with the same catalogue gets nothing.
 */
useTrackerWorld();

let a: TrackerTenant;
let b: TrackerTenant;
let reader: TestUser;
let foreign: TestUser;
let keyA = '';

const publish = (events: object[]) =>
  t.app.inject({
    method: 'POST',
    url: CATALOG_CHANGES_PATH,
    headers: { host: a.host, 'x-api-key': keyA },
    payload: { events },
  });

beforeAll(async () => {
  a = await createTrackerTenant(t, issuer);
  b = await createTrackerTenant(t, issuer);
  for (const store of [a, b]) {
    const built = await buildNotificationCatalogue(t.app.db, store.tenant.id);
    if (store === a) keyA = built.apiKey;
    await t.app.db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, 'PLASTIC-PIPES', 'PP-CC', 'PP 100:2020', 'Plastic pipes', 'PUB1', 'D20', 'active', '2020',
         '2020-01-01')`,
      [store.tenant.id],
    );
    await replaceStandardCitations(t.app.db, store.tenant.id, [
      { contentCode: 'PP-CC', normative: ['D638'], informative: ['E119'] },
    ]);
  }
  reader = await a.createUser();
  foreign = await b.createUser();
  for (const [store, user] of [
    [a, reader],
    [b, foreign],
  ] as const) {
    const { rows } = await t.app.db.query<{ id: number }>(
      `SELECT id FROM standards WHERE tenant_id = $1 AND content_code = 'PP-CC'`,
      [store.tenant.id],
    );
    await trackStandard(t.app.db, store.tenant.id, user.id, rows[0]!.id);
  }
});

describe('cited standards over HTTP', () => {
  it('the publisher API counts the reader; the centre lists the change once, the citation as its reason', async () => {
    const published = await publish([
      {
        id: 'cited-1',
        type: 'new_edition',
        standard: { designation: 'D638' },
        designation: 'D638-22',
        edition: '2022',
        publishedOn: '2022-06-01',
      },
    ]);
    expect(published.statusCode).toBe(200);
    expect(published.json().results[0]).toMatchObject({ outcome: 'applied', recipients: 1 });
    const res = await a.call(reader, { url: N.list });
    expect(res.statusCode).toBe(200);
    const page = notificationList.parse(res.json());
    expect(page.notifications).toHaveLength(1);
    expect(page.notifications[0]!.reasons).toEqual([
      { type: 'CITATION', value: 'PP 100:2020', cited: 'D638', dated: false, informative: false },
    ]);
    // The same catalogue in another store: its reader is told nothing of this store's change.
    const elsewhere = notificationList.parse((await b.call(foreign, { url: N.list })).json());
    expect(elsewhere.notifications).toEqual([]);
  });

  it('the private feed says why in a sentence', async () => {
    const url = (await a.call(reader, { method: 'POST', url: N.feed })).json().url as string;
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { host: a.host } });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(
      'PP 100:2020, which you track, cites D638: an undated reference, so the latest edition applies.',
    );
  });
});
