import { CONSOLE_PATHS, consoleAuditPage } from '@trackwell/contracts';
import { recordAuditEntry } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { a, adminA, b, callAs, operator, t, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The audit log's numbered pages (`page`, as the standards list has): newest first, the `total` for "page N of
 * M", every bad page number and a page past the last refused with a 400 naming `page`, and one store's pages
 * never counting another store's entries.
 */
useConsoleWorld();

const storeAudit = (code: string, query = '') => `${CONSOLE_PATHS.storeAudit.replace(':code', code)}${query}`;
// One login in both stores: a store's total must still count its own entries only.
const actor = { kind: 'user' as const, id: 'u-pages', login: 'pager@example.test' };
const mine = `actor=${encodeURIComponent(actor.login)}`;

beforeAll(async () => {
  for (let i = 1; i <= 7; i++)
    await recordAuditEntry(t.app.db, a.tenant.id, {
      storeCode: a.tenant.code,
      actor,
      action: 'store.update',
      target: `a-${i}`,
    });
  for (let i = 1; i <= 2; i++)
    await recordAuditEntry(t.app.db, b.tenant.id, {
      storeCode: b.tenant.code,
      actor,
      action: 'store.update',
      target: `b-${i}`,
    });
});

const pageOf = async (url: string, as = adminA) => {
  const res = await callAs(as, { url });
  expect(res.statusCode).toBe(200);
  return consoleAuditPage.parse(res.json());
};

describe('GET /stores/:code/audit?page=N', () => {
  it('answers numbered pages newest first with the total, the last page holding the rest', async () => {
    const pages = [];
    for (const n of [1, 2, 3])
      pages.push(await pageOf(storeAudit(a.tenant.code, `?${mine}&limit=3&page=${n}`)));
    expect(pages.map((p) => p.entries.map((e) => e.target))).toEqual([
      ['a-7', 'a-6', 'a-5'],
      ['a-4', 'a-3', 'a-2'],
      ['a-1'],
    ]);
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(pages.every((p) => p.nextCursor === null)).toBe(true);
    // Without a page number the cursor paging is as before: no total.
    const byCursor = await pageOf(storeAudit(a.tenant.code, `?${mine}&limit=3`));
    expect(byCursor.total).toBeUndefined();
    expect(byCursor.nextCursor).not.toBeNull();
  });

  it('counts the filter’s matches only: another action is another total', async () => {
    const none = await pageOf(storeAudit(a.tenant.code, `?${mine}&action=role.grant&page=1`));
    expect(none).toEqual({ entries: [], nextCursor: null, total: 0 });
  });

  it.each([
    ['zero', 'page=0'],
    ['negative', 'page=-1'],
    ['a fraction', 'page=1.5'],
    ['not a number', 'page=two'],
    ['empty', 'page='],
    ['beyond any log', 'page=1000001'],
    ['with a cursor', 'page=2&cursor=5'],
    ['with the CSV export', 'page=1&format=csv'],
  ])('refuses a page number that is %s with a 400 naming it', async (_, query) => {
    const res = await callAs(adminA, { url: storeAudit(a.tenant.code, `?${query}`) });
    const paths = expectError(res, 400).issues?.map((i) => i.path) ?? [];
    expect(paths).toContain('querystring.page');
  });

  it('refuses a page past the last with a 400 that says how many pages there are', async () => {
    const res = await callAs(adminA, { url: storeAudit(a.tenant.code, `?${mine}&limit=3&page=4`) });
    const body = expectError(res, 400);
    expect(body.message).toMatch(/3 pages of 3; page 4 is past the last/);
    expect(body.issues?.map((i) => i.path)).toEqual(['querystring.page']);
    // An empty result has one (empty) page: page 1 answers, page 2 is past it.
    expectError(
      await callAs(adminA, { url: storeAudit(a.tenant.code, `?${mine}&action=role.grant&page=2`) }),
      400,
    );
  });

  it('pages one store’s entries only; another store’s admin or host is refused', async () => {
    const onlyB = await pageOf(`${CONSOLE_PATHS.audit}?${mine}&store=${b.tenant.code}&page=1`, operator);
    expect(onlyB.entries.map((e) => e.target)).toEqual(['b-2', 'b-1']);
    expect(onlyB.total).toBe(2);
    const everyStore = await pageOf(`${CONSOLE_PATHS.audit}?${mine}&page=1&limit=500`, operator);
    expect(everyStore.total).toBe(9);
    expectError(await callAs(adminA, { url: storeAudit(b.tenant.code, '?page=1') }), 403);
    expectError(await callAs(adminA, { url: `${CONSOLE_PATHS.audit}?page=1` }), 403);
    // Store A's admin, with A's token, on store B's host asking for A's log: refused, nothing of A's shown.
    const res = await b.call(adminA.user, { url: storeAudit(a.tenant.code, '?page=1') });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('a-7');
  });
});
