import { CONSOLE_STANDARD_PATHS, consoleStandardPage } from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { a, adminA, b, callAs, t, useConsoleWorld } from '../support/console-world.ts';
import { buildNotificationCatalogue } from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/** The console's standards in numbered pages: each order, the filter, the total, and the refusals. */
useConsoleWorld();

const list = (query: string, code = a.tenant.code) =>
  callAs(adminA, { url: `${CONSOLE_STANDARD_PATHS.standards.replace(':code', code)}${query}` });
async function pageOf(query: string) {
  const res = await list(query);
  expect(res.statusCode).toBe(200);
  return consoleStandardPage.parse(res.json());
}
const designations = async (query: string) => (await pageOf(query)).standards.map((s) => s.designation);

beforeAll(async () => {
  await buildNotificationCatalogue(t.app.db, a.tenant.id);
  // E1..E5: titles in the reverse order of their designations, release dates scattered, E2 and E4 withdrawn.
  await t.app.db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     SELECT $1, 'E' || n, 'E' || n || '-CC', 'E' || n || '-20', 'Fire Test ' || chr(70 - n), 'PUB1', 'E05',
            CASE WHEN n % 2 = 0 THEN 'withdrawn' ELSE 'active' END, '2020',
            make_date(2020, 1 + (n * 7) % 12, 1)
       FROM generate_series(1, 5) AS n`,
    [a.tenant.id],
  );
  await buildNotificationCatalogue(t.app.db, b.tenant.id);
  await t.app.db.query(`UPDATE standards SET content_code = 'B-ONLY' WHERE tenant_id = $1`, [b.tenant.id]);
});

describe('GET /stores/:code/catalog/standards?page=&sort=', () => {
  it('numbers the pages and says the total, counting this store only', async () => {
    const first = await pageOf('?page=1&limit=2');
    expect(first.total).toBe(6);
    expect(first.nextCursor).toBeNull();
    expect(first.standards.map((s) => s.designation)).toEqual(['D638-14', 'E1-20']);
    expect(await designations('?page=3&limit=2')).toEqual(['E4-20', 'E5-20']);
  });

  it('sorts by title, release date and status, ascending or descending, ties by designation', async () => {
    expect(await designations('?sort=title')).toEqual([
      'E5-20',
      'E4-20',
      'E3-20',
      'E2-20',
      'E1-20',
      'D638-14',
    ]);
    expect(await designations('?sort=-title&limit=2')).toEqual(['D638-14', 'E1-20']);
    const byDate = (await pageOf('?sort=publishedOn')).standards.map((s) => s.publishedOn);
    expect(byDate).toEqual([...byDate].sort());
    const byDateDown = (await pageOf('?sort=-publishedOn')).standards.map((s) => s.publishedOn);
    expect(byDateDown).toEqual([...byDate].reverse());
    expect(await designations('?sort=status')).toEqual([
      'D638-14',
      'E1-20',
      'E3-20',
      'E5-20',
      'E2-20',
      'E4-20',
    ]);
    expect(await designations('?sort=-status&page=2&limit=4')).toEqual(['E1-20', 'D638-14']);
  });

  it('filters as the search does, the total counting the matches', async () => {
    const page = await pageOf('?q=fire&sort=title&limit=2&page=2');
    expect(page.total).toBe(5);
    expect(page.standards.map((s) => s.designation)).toEqual(['E3-20', 'E2-20']);
    expect(await pageOf('?q=nothing-like-it&page=1')).toMatchObject({ standards: [], total: 0 });
  });

  it('finds a standard by its designation however it is written (the one designation rule), not by a part of it', async () => {
    for (const q of ['ASTM D638', 'astm d 638', 'D638-14', 'd638']) {
      expect(await designations(`?q=${encodeURIComponent(q)}&page=1`), q).toEqual(['D638-14']);
    }
    expect(await designations(`?q=${encodeURIComponent('ASTM D63')}&page=1`)).toEqual(['D638-14']);
    expect(await designations(`?q=${encodeURIComponent('D639')}&page=1`)).toEqual([]);
  });

  it('lists a standard that belongs to no committee (real files often leave it out), in pages and by cursor', async () => {
    await t.app.db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, 'N1', 'N1-CC', 'N1-21', 'No committee of its own', 'PUB1', NULL, 'active', '2021', '2021-05-01')`,
      [a.tenant.id],
    );
    try {
      const page = await pageOf('?q=N1-21&page=1');
      expect(page.total).toBe(1);
      expect(page.standards).toMatchObject([{ designation: 'N1-21', committee: null }]);
      const byCursor = consoleStandardPage.parse((await list('?q=N1-21')).json());
      expect(byCursor.standards).toMatchObject([{ designation: 'N1-21', committee: null }]);
    } finally {
      await t.app.db.query(`DELETE FROM standards WHERE tenant_id = $1 AND asset_id = 'N1'`, [a.tenant.id]);
    }
  });

  it('refuses a bad sort key, a page past the last, an oversized filter, and a cursor with a page or another order', async () => {
    const before = await designations('?sort=title');
    for (const query of [
      '?sort=committee',
      '?sort=--title',
      '?page=0',
      '?page=x',
      `?q=${'x'.repeat(201)}`,
      '?cursor=abc&page=2',
      '?cursor=abc&sort=title',
    ])
      expectError(await list(query), 400);
    const past = await list('?page=4&limit=2');
    expectError(past, 400);
    expect(past.json().issues).toEqual([{ path: 'querystring.page', message: 'is past the last page (3)' }]);
    expectError(await list('?q=nothing-like-it&page=2'), 400);
    expect(await designations('?sort=title')).toEqual(before);
  });
});
