import { CATALOG_CHANGES_PATH, NOTIFICATION_CENTRE_PATHS as N, notificationList } from '@trackwell/contracts';
import { parseAtomFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNotificationCatalogue, trackSource, trackStandard } from '../support/notifications-fixtures.ts';
import { createTrackerTenant, type TestUser, type TrackerTenant } from '../support/tracker-fixtures.ts';
import { expectError, issuer, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * The notification centre and its feed, API contract: a user's notifications are their matched changes, newest first,
 * with old → new and why; cursor pages and a kind filter; the unread count and the tracker's changed
 * standards; mark one / all read; the private Atom feed at a secret URL (parsed by feedsmith), reset → the
 * old URL is 404. Another user's id is 404 and changes nothing; another store's token is 401; bad input 400.
 */
useTrackerWorld();

let reader: TestUser;
let other: TestUser;
let foreign: TestUser;
let keyA = '';
/** Two stores of their own (the world's have a catalogue of another shape). */
let a: TrackerTenant;
let b: TrackerTenant;

const publish = (events: object[]) =>
  t.app.inject({
    method: 'POST',
    url: CATALOG_CHANGES_PATH,
    headers: { host: a.host, 'x-api-key': keyA },
    payload: { events },
  });
const readMark = async (id: string) =>
  (
    await t.app.db.query<{ read_at: Date | null }>(
      'SELECT read_at FROM notification_deliveries WHERE id = $1',
      [id],
    )
  ).rows[0]!.read_at;
const list = async (user: TestUser, query = '') => {
  const res = await a.call(user, { url: `${N.list}${query}` });
  expect(res.statusCode).toBe(200);
  return notificationList.parse(res.json());
};

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
  await trackSource(t.app.db, a.tenant.id, reader.id, 'COMMITTEE', 'D20');
  await trackSource(t.app.db, a.tenant.id, other.id, 'COMMITTEE', 'D20');
});

describe('the notification list: what changed and why, newest first', () => {
  it('is empty before any change, with no unread', async () => {
    expect(await list(reader)).toEqual({ notifications: [], nextCursor: null, unread: 0 });
    const unread = await a.call(reader, { url: N.unread });
    expect(unread.json()).toEqual({ unread: 0, changedAssetIds: [] });
  });

  it('shows each published change once, old → new, with every matched source', async () => {
    const published = await publish([
      {
        id: 'nc-1',
        type: 'new_edition',
        standard: { contentCode: 'D638-CC' },
        designation: 'D638-22',
        edition: '2022',
        publishedOn: '2022-06-01',
        summary: 'Type V specimens removed.',
        compareUrl: 'https://example.org/d638/redline',
      },
    ]);
    expect(published.statusCode).toBe(200);
    await publish([{ id: 'nc-2', type: 'withdrawal', standard: { contentCode: 'D638-CC' } }]);
    const page = await list(reader);
    expect(page.unread).toBe(2);
    expect(page.notifications.map((n) => n.change.kind)).toEqual(['withdrawal', 'new_edition']);
    const edition = page.notifications[1]!;
    // The publisher's summary and comparison link come with the change
    expect(edition.change).toMatchObject({
      summary: 'Type V specimens removed.',
      compareUrl: 'https://example.org/d638/redline',
    });
    expect(edition.change.standard).toMatchObject({
      assetId: 'D638',
      oldDesignation: 'D638-14',
      designation: 'D638-22',
    });
    expect(edition.reasons).toEqual(
      expect.arrayContaining(
        [
          { type: 'STANDARD', value: 'D638-22' },
          { type: 'COMMITTEE', value: 'D20' },
        ].map((r) => expect.objectContaining({ type: r.type })),
      ),
    );
    expect(page.notifications[0]!.change.standard).toMatchObject({
      oldStatus: 'active',
      status: 'withdrawn',
    });
    expect(edition.readAt).toBeNull();
    const unread = await a.call(reader, { url: N.unread });
    expect(unread.json()).toEqual({ unread: 2, changedAssetIds: ['D638'] });
  });

  it('pages by cursor and filters by kind', async () => {
    const first = await list(reader, '?limit=1');
    expect(first.notifications).toHaveLength(1);
    expect(first.nextCursor).toBe(first.notifications[0]!.id);
    const second = await list(reader, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.notifications[0]!.change.kind).toBe('new_edition');
    expect(second.nextCursor).toBeNull();
    const withdrawals = await list(reader, '?kind=withdrawal');
    expect(withdrawals.notifications.map((n) => n.change.kind)).toEqual(['withdrawal']);
    expect((await list(reader, '?kind=amendment')).notifications).toEqual([]);
  });

  it.each([
    '?limit=0',
    '?limit=51',
    '?limit=abc',
    '?kind=bogus',
    '?cursor=-1',
    '?cursor=abc',
    '?cursor=1%00',
    `?cursor=${'9'.repeat(30)}`,
    '?unknown=1',
  ])('refuses %s with a 400 naming the problem', async (query) => {
    expectError(await a.call(reader, { url: `${N.list}${query}` }), 400);
  });
});

describe('read marks', () => {
  it('marks one read (kept as first read), and the unread count follows', async () => {
    const [newest] = (await list(reader)).notifications;
    const url = N.read.replace(':id', newest!.id);
    const res = await a.call(reader, { method: 'POST', url });
    expect(res.statusCode).toBe(200);
    const readAt = res.json().readAt as string;
    expect(readAt).toEqual(expect.any(String));
    const again = await a.call(reader, { method: 'POST', url });
    expect(again.json().readAt).toBe(readAt);
    expect((await list(reader)).unread).toBe(1);
  });

  it("another user's notification, another store's user and bad ids change nothing", async () => {
    const [mine] = (await list(other)).notifications;
    const url = N.read.replace(':id', mine!.id);
    expectError(await a.call(reader, { method: 'POST', url }), 404);
    expect(await readMark(mine!.id)).toBeNull();
    expectError(await b.call(foreign, { method: 'POST', url }), 404);
    // A user of store b with a token of b on a's host: a's issuer did not sign it.
    expectError(await a.call(null, { method: 'POST', url, token: await b.token(foreign) }), 401);
    expect(await readMark(mine!.id)).toBeNull();
    expectError(await a.call(reader, { method: 'POST', url: N.read.replace(':id', 'abc') }), 400);
    expectError(await a.call(reader, { method: 'POST', url: N.read.replace(':id', '0') }), 400);
    expectError(
      await a.call(reader, { method: 'POST', url: N.read.replace(':id', '999999999999999999') }),
      404,
    );
  });

  it('marks all read: only the caller’s', async () => {
    const res = await a.call(reader, { method: 'POST', url: N.readAll });
    expect(res.json()).toEqual({ marked: 1, unread: 0 });
    expect((await a.call(reader, { url: N.unread })).json()).toEqual({ unread: 0, changedAssetIds: [] });
    expect((await list(other)).unread).toBe(2);
  });

  it.each([
    ['GET', N.list],
    ['GET', N.unread],
    ['POST', N.readAll],
    ['POST', N.read.replace(':id', '1')],
    ['GET', N.feed],
    ['POST', N.feed],
  ] as const)('%s %s needs a token (401)', async (method, url) => {
    expectError(await a.call(null, { method, url }), 401);
  });
});

describe('the private Atom feed', () => {
  const fetchFeed = (url: string, host = a.host) =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { host } });

  it('has no URL until made; made, it serves the same items as valid Atom with absolute URLs', async () => {
    expect((await a.call(reader, { url: N.feed })).json()).toEqual({ url: null });
    const made = await a.call(reader, { method: 'POST', url: N.feed });
    expect(made.statusCode).toBe(200);
    const url = made.json().url as string;
    expect(url.startsWith(t.app.publicUrls.origin(a.tenant))).toBe(true);
    expect((await a.call(reader, { url: N.feed })).json()).toEqual({ url });
    const res = await fetchFeed(url, a.host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseAtomFeed(res.body);
    expect(feed.entries).toHaveLength(2);
    expect(feed.entries?.map((e) => e.title?.value)).toEqual([
      'D638-22 withdrawn — Tensile Properties of Plastics',
      'New edition of D638-22 — Tensile Properties of Plastics',
    ]);
    const body = feed.entries?.[1]?.content?.value ?? '';
    expect(body).toContain('Previous designation: D638-14');
    expect(body).toContain('<p>Type V specimens removed.</p>');
    expect(body).toContain(
      '<a href="https://example.org/d638/redline">Compare with the previous version</a>',
    );
    expect(body).toContain('You track committee D20.');
    expect(feed.entries?.[1]?.links?.[0]?.href).toMatch(/^https?:\/\/[^/]+\/.*D638\.html$/);
    expect(feed.links?.find((l) => l.rel === 'self')?.href).toBe(url);
  });

  it('a reset URL, another store, a forged, malformed or oversized token are 404', async () => {
    const old = (await a.call(reader, { url: N.feed })).json().url as string;
    const reset = (await a.call(reader, { method: 'POST', url: N.feed })).json().url as string;
    expect(reset).not.toBe(old);
    expect((await fetchFeed(reset)).statusCode).toBe(200);
    expectError(await fetchFeed(old), 404);
    expectError(await fetchFeed(reset, b.host), 404);
    const forged = reset.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expectError(await fetchFeed(forged), 404);
    expectError(await fetchFeed(`${t.app.publicUrls.origin(a.tenant)}/feeds/notifications/nonsense`), 404);
    expectError(
      await fetchFeed(`${t.app.publicUrls.origin(a.tenant)}/feeds/notifications/${'x'.repeat(300)}`),
      404,
    );
  });
});
