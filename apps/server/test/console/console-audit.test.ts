import { CONSOLE_PATHS, consoleAuditPage } from '@trackwell/contracts';
import { recordAuditEntry } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/modules/console/audit-csv.ts';
import { a, adminA, b, callAs, editorA, operator, t, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/** The audit log: filters, cursor paging, CSV export (formula cells defused), never editable. */
useConsoleWorld();

const storeAudit = (code: string, query = '') => `${CONSOLE_PATHS.storeAudit.replace(':code', code)}${query}`;
const actor = { kind: 'user' as const, id: 'u-1', login: 'auditor@example.test' };

beforeAll(async () => {
  for (let i = 1; i <= 7; i++)
    await recordAuditEntry(t.app.db, a.tenant.id, {
      storeCode: a.tenant.code,
      actor,
      action: i % 2 ? 'store.update' : 'role.grant',
      target: `target-${i}`,
      before: { n: i - 1 },
      after: { n: i },
    });
  await recordAuditEntry(t.app.db, b.tenant.id, {
    storeCode: b.tenant.code,
    actor: { kind: 'api_key', id: '9', login: '=HYPERLINK("http://evil.example","click")' },
    action: 'catalog.changes',
    target: '-1+1',
    after: { note: '@SUM(A1)' },
  });
});

describe('GET /stores/:code/audit and GET /audit', () => {
  it('pages a store’s entries newest first by cursor, and filters by action and actor', async () => {
    const first = consoleAuditPage.parse(
      (await callAs(adminA, { url: storeAudit(a.tenant.code, '?limit=3') })).json(),
    );
    expect(first.entries.map((e) => e.target)).toEqual(['target-7', 'target-6', 'target-5']);
    const second = consoleAuditPage.parse(
      (
        await callAs(adminA, { url: storeAudit(a.tenant.code, `?limit=3&cursor=${first.nextCursor}`) })
      ).json(),
    );
    expect(second.entries.map((e) => e.target)).toEqual(['target-4', 'target-3', 'target-2']);
    const grants = consoleAuditPage.parse(
      (
        await callAs(adminA, {
          url: storeAudit(a.tenant.code, '?action=role.grant&actor=AUDITOR@example.test'),
        })
      ).json(),
    );
    expect(grants.entries.map((e) => e.target)).toEqual(['target-6', 'target-4', 'target-2']);
    expect(grants.nextCursor).toBeNull();
    expect(grants.entries[0]).toMatchObject({ before: { n: 5 }, after: { n: 6 }, store: a.tenant.code });
  });

  it('filters by time range', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = consoleAuditPage.parse(
      (await callAs(operator, { url: `${CONSOLE_PATHS.audit}?from=${encodeURIComponent(future)}` })).json(),
    );
    expect(none.entries).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const all = consoleAuditPage.parse(
      (
        await callAs(operator, { url: `${CONSOLE_PATHS.audit}?from=${encodeURIComponent(past)}&limit=500` })
      ).json(),
    );
    expect(all.entries.length).toBeGreaterThanOrEqual(8);
  });

  it('an operator reads every store’s log and filters it by store; a store admin reads only its own', async () => {
    const onlyB = consoleAuditPage.parse(
      (await callAs(operator, { url: `${CONSOLE_PATHS.audit}?store=${b.tenant.code}` })).json(),
    );
    expect(onlyB.entries.map((e) => e.action)).toEqual(['catalog.changes']);
    expectError(await callAs(adminA, { url: CONSOLE_PATHS.audit }), 403);
    expectError(await callAs(adminA, { url: storeAudit(b.tenant.code) }), 403);
    expectError(await callAs(editorA, { url: storeAudit(a.tenant.code) }), 403);
  });

  it('refuses bad filters with 400 naming them', async () => {
    const res = await callAs(operator, { url: `${CONSOLE_PATHS.audit}?from=yesterday&cursor=abc` });
    const paths = expectError(res, 400).issues?.map((i) => i.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['querystring.from', 'querystring.cursor']));
  });

  it('exports CSV (format=csv or Accept: text/csv) with formula-leading cells defused', async () => {
    for (const options of [
      { url: `${CONSOLE_PATHS.audit}?format=csv&store=${b.tenant.code}` },
      { url: `${CONSOLE_PATHS.audit}?store=${b.tenant.code}`, headers: { accept: 'text/csv' } },
    ]) {
      const res = await callAs(operator, options);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        '"id","at","store","actor_kind","actor_id","actor_login","action","target","before","after"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(lines[1]).toContain(`"'-1+1"`);
      expect(lines[1]).not.toMatch(/(^|,)"[=+\-@]/);
    }
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@x', `"'@x"`],
    ['\t=x', `"'\t=x"`],
    ['plain "quoted"', `"plain ""quoted"""`],
    [null, '""'],
  ])('csvCell(%j) is %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('the audit log is never editable', () => {
  it.each([
    ['UPDATE', `UPDATE console_audit_log SET action = 'forged'`],
    ['DELETE', 'DELETE FROM console_audit_log'],
    ['TRUNCATE', 'TRUNCATE console_audit_log'],
  ])('%s raises and changes nothing', async (_op, sql) => {
    const before = await t.app.db.query('SELECT * FROM console_audit_log ORDER BY id');
    await expect(t.app.db.query(sql)).rejects.toThrow(/append-only/);
    const after = await t.app.db.query('SELECT * FROM console_audit_log ORDER BY id');
    expect(after.rows).toEqual(before.rows);
  });
});
