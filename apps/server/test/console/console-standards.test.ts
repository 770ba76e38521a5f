import {
  CONSOLE_ICS_PATHS,
  CONSOLE_STANDARD_PATHS,
  consoleStandard,
  consoleStandardEdited,
  consoleStandardPage,
} from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  b,
  callAs,
  consoleRowCounts,
  editorA,
  nobodyA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { buildNotificationCatalogue, trackStandard } from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/** The console's standards: list and search (keyset pages), read, edit (change events as an import's). */
useConsoleWorld();

const list = (query = '', actor = adminA, code = a.tenant.code) =>
  callAs(actor, { url: `${CONSOLE_STANDARD_PATHS.standards.replace(':code', code)}${query}` });
const one = (contentCode: string, code = a.tenant.code) =>
  CONSOLE_STANDARD_PATHS.standard
    .replace(':code', code)
    .replace(':contentCode', encodeURIComponent(contentCode));
const patch = (contentCode: string, payload: unknown, actor = adminA, code?: string) =>
  callAs(actor, {
    method: 'PATCH',
    url: one(contentCode, code),
    payload: payload as Record<string, unknown>,
  });
const pageOf = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(200);
  return consoleStandardPage.parse(res.json());
};

beforeAll(async () => {
  const { standardId } = await buildNotificationCatalogue(t.app.db, a.tenant.id);
  await trackStandard(t.app.db, a.tenant.id, nobodyA.user.id, standardId);
  await t.app.db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on, ics_codes)
     SELECT $1, 'E' || n, 'E' || n || '-CC', 'E' || n || '-20', 'Fire Test Method ' || n, 'PUB1', 'E05',
            'active', '2020', ('2020-01-0' || n)::date, ARRAY['13.220.50']
       FROM generate_series(1, 4) AS n`,
    [a.tenant.id],
  );
  await buildNotificationCatalogue(t.app.db, b.tenant.id);
  await t.app.db.query(
    `UPDATE standards SET content_code = 'B-ONLY', title = 'Store B only' WHERE tenant_id = $1`,
    [b.tenant.id],
  );
});

describe('GET /stores/:code/catalog/standards', () => {
  it('lists every standard by designation, with committee, publisher, areas and ICS codes', async () => {
    const page = pageOf(await list());
    expect(page.standards.map((s) => s.designation)).toEqual(['D638-14', 'E1-20', 'E2-20', 'E3-20', 'E4-20']);
    expect(page.nextCursor).toBeNull();
    expect(page.standards[0]).toEqual({
      contentCode: 'D638-CC',
      assetId: 'D638',
      designation: 'D638-14',
      title: 'Tensile Properties of Plastics',
      status: 'active',
      edition: '2014',
      publishedOn: '2014-12-15',
      committee: { designation: 'D20', title: 'Plastics' },
      publisher: { code: 'PUB1', name: 'First Publisher' },
      industryAreas: [{ marketingCode: 'PLAS', name: 'Plastics', derived: false }],
      icsCodes: [],
    });
    expect(page.standards[1]!.icsCodes).toEqual(['13.220.50']);
  });

  it('searches by designation, content code and title words', async () => {
    const designations = async (q: string) =>
      pageOf(await list(`?q=${encodeURIComponent(q)}`)).standards.map((s) => s.designation);
    expect(await designations('d638')).toEqual(['D638-14']);
    expect(await designations('E3-CC')).toEqual(['E3-20']);
    expect(await designations('tensile')).toEqual(['D638-14']);
    expect(await designations('fire method')).toEqual(['E1-20', 'E2-20', 'E3-20', 'E4-20']);
    expect(await designations('nothing-like-it')).toEqual([]);
    expect(await designations('B-ONLY')).toEqual([]);
  });

  it('pages by cursor, each standard once', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = pageOf(await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      seen.push(...page.standards.map((s) => s.contentCode));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['D638-CC', 'E1-CC', 'E2-CC', 'E3-CC', 'E4-CC']);
  });

  it('refuses a bad query with 400 naming it', async () => {
    for (const query of [
      '?limit=0',
      '?limit=9999',
      '?cursor=bad!',
      '?cursor=bm90LWpzb24',
      '?other=1',
      `?q=${'x'.repeat(201)}`,
    ])
      expectError(await list(query), 400);
  });

  it('is open to the editor and operators, refused to others', async () => {
    expect((await list('', editorA)).statusCode).toBe(200);
    expect((await list('', operator)).statusCode).toBe(200);
    expectError(await list('', nobodyA), 403);
    expectError(await list('', adminB), 403);
    expectError(
      await callAs(null, { url: CONSOLE_STANDARD_PATHS.standards.replace(':code', a.tenant.code) }),
      401,
    );
  });
});

describe('GET /stores/:code/catalog/standards/:contentCode', () => {
  it("answers one standard, and 404 for an unknown one or another store's", async () => {
    const res = await callAs(adminA, { url: one('E2-CC') });
    expect(res.statusCode).toBe(200);
    expect(consoleStandard.parse(res.json()).designation).toBe('E2-20');
    expectError(await callAs(adminA, { url: one('NOPE') }), 404);
    expectError(await callAs(adminA, { url: one('B-ONLY') }), 404);
    expectError(await callAs(adminB, { url: one('E2-CC') }), 403);
  });
});

describe("the industry areas of the store's ICS mapping", () => {
  const areasOf = (standards: { contentCode: string; industryAreas: unknown[] }[], contentCode: string) =>
    standards.find((s) => s.contentCode === contentCode)?.industryAreas;
  const putIcsMapping = (entries: { prefix: string; area: string }[], who = adminA, code = a.tenant.code) =>
    callAs(who, {
      method: 'PUT',
      url: CONSOLE_ICS_PATHS.areaMapping.replace(':code', code),
      payload: { entries },
    });

  it('are listed beside those the catalogue names, marked derived; a named one stays named, never twice', async () => {
    const e1 = await t.app.db.query<{ id: string }>(
      `SELECT id FROM standards WHERE tenant_id = $1 AND content_code = 'E1-CC'`,
      [a.tenant.id],
    );
    await t.app.db.query(`INSERT INTO standard_industry_areas VALUES ($1, $2, 'FIRE')`, [
      a.tenant.id,
      e1.rows[0]!.id,
    ]);
    expect(
      (
        await putIcsMapping([
          { prefix: '13.220', area: 'FIRE' },
          // Two prefixes of one code to one area: still that area once.
          { prefix: '13', area: 'PLAS' },
          { prefix: '13.220.50', area: 'PLAS' },
        ])
      ).statusCode,
    ).toBe(200);
    // Another store's mapping of the same prefix changes nothing here.
    expect((await putIcsMapping([{ prefix: '13', area: 'FIRE' }], adminB, b.tenant.code)).statusCode).toBe(
      200,
    );

    const { standards } = pageOf(await list());
    expect(areasOf(standards, 'E1-CC')).toEqual([
      { marketingCode: 'FIRE', name: 'Fire safety', derived: false },
      { marketingCode: 'PLAS', name: 'Plastics', derived: true },
    ]);
    expect(areasOf(standards, 'E2-CC')).toEqual([
      { marketingCode: 'FIRE', name: 'Fire safety', derived: true },
      { marketingCode: 'PLAS', name: 'Plastics', derived: true },
    ]);
    // No ICS code: only the area its row names.
    expect(areasOf(standards, 'D638-CC')).toEqual([
      { marketingCode: 'PLAS', name: 'Plastics', derived: false },
    ]);
    const single = consoleStandard.parse((await callAs(adminA, { url: one('E3-CC') })).json());
    expect(single.industryAreas.map((i) => [i.marketingCode, i.derived])).toEqual([
      ['FIRE', true],
      ['PLAS', true],
    ]);

    // Without the mapping, the derived ones are gone.
    expect((await putIcsMapping([])).statusCode).toBe(200);
    expect(areasOf(pageOf(await list()).standards, 'E2-CC')).toEqual([]);
    await t.app.db.query(`DELETE FROM standard_industry_areas WHERE tenant_id = $1 AND standard_id = $2`, [
      a.tenant.id,
      e1.rows[0]!.id,
    ]);
  });
});

describe('PATCH /stores/:code/catalog/standards/:contentCode', () => {
  const editedOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(200);
    return consoleStandardEdited.parse(res.json());
  };

  it('changes the title, committee, release date and ICS codes without an event, audited', async () => {
    const before = await consoleRowCounts();
    const edited = editedOf(
      await patch(
        'E1-CC',
        {
          title: 'Fire Test Method One',
          committeeDesignation: 'D20',
          publishedOn: '2021-02-03',
          icsCodes: ['13.220.01', '13.220.50'],
        },
        editorA,
      ),
    );
    expect(edited.event).toBeNull();
    expect(edited.standard).toMatchObject({
      title: 'Fire Test Method One',
      committee: { designation: 'D20', title: 'Plastics' },
      publishedOn: '2021-02-03',
      icsCodes: ['13.220.01', '13.220.50'],
    });
    expect(edited.changes.map((c) => c.field).sort()).toEqual([
      'committeeDesignation',
      'icsCodes',
      'publishedOn',
      'title',
    ]);
    const after = await consoleRowCounts();
    expect(after.events).toBe(before.events);
    expect(after.audit).toBe((before.audit ?? 0) + 1);
    const { rows } = await t.app.db.query<{
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      `SELECT before, after FROM console_audit_log WHERE action = 'catalog.standard.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({
      before: { title: 'Fire Test Method 1' },
      after: { title: 'Fire Test Method One' },
    });
    // The same edit again changes nothing and writes nothing.
    expect(editedOf(await patch('E1-CC', { title: 'Fire Test Method One' })).changes).toEqual([]);
    expect((await consoleRowCounts()).audit).toBe(after.audit);
  });

  it('records new_edition, withdrawal and reinstatement as an import does, telling the trackers', async () => {
    const edition = editedOf(await patch('D638-CC', { edition: '2022' }));
    expect(edition.event).toMatchObject({ kind: 'new_edition', recipients: 1 });
    expect(edition.standard.edition).toBe('2022');
    const withdrawal = editedOf(await patch('D638-CC', { status: 'withdrawn' }));
    expect(withdrawal.event).toMatchObject({ kind: 'withdrawal', recipients: 1 });
    const back = editedOf(await patch('D638-CC', { status: 'active' }));
    expect(back.event).toMatchObject({ kind: 'reinstatement' });
    const { rows } = await t.app.db.query<{ kind: string; source: string }>(
      `SELECT kind, source FROM catalog_events WHERE tenant_id = $1 AND id = $2`,
      [a.tenant.id, edition.event!.id],
    );
    // Recorded as the console's, not an import's: the console API's changes list says where a change came from.
    expect(rows[0]).toEqual({ kind: 'new_edition', source: 'console' });
  });

  it('refuses hostile and invalid values with 400 naming the field, nothing saved', async () => {
    const before = await consoleRowCounts();
    const cases: Array<[unknown, string]> = [
      [{ title: 'a\u0000b' }, 'body.title'],
      [{ title: 'line\nbreak' }, 'body.title'],
      [{ title: '' }, 'body.title'],
      [{ status: 'gone' }, 'body.status'],
      [{ publishedOn: '2021-13-45' }, 'body.publishedOn'],
      [{ icsCodes: ['a;b'] }, 'body.icsCodes'],
      [{ edition: 'x'.repeat(65) }, 'body.edition'],
      [{ committeeDesignation: 'NOPE' }, 'body.committeeDesignation'],
    ];
    for (const [payload, path] of cases) {
      const body = expectError(await patch('E2-CC', payload), 400);
      expect(body.issues?.map((i) => i.path).some((p) => p.startsWith(path))).toBe(true);
    }
    expectError(await patch('E2-CC', {}), 400);
    expectError(await patch('E2-CC', { designation: 'X' }), 400);
    expect(await consoleRowCounts()).toEqual(before);
  });

  it("answers 404 for another store's standard, 403 to another store's admin", async () => {
    const before = await consoleRowCounts();
    expectError(await patch('B-ONLY', { title: 'Taken over' }), 404);
    expectError(await patch('E2-CC', { title: 'Taken over' }, adminB), 403);
    expectError(await patch('E2-CC', { title: 'Taken over' }, nobodyA), 403);
    expect(await consoleRowCounts()).toEqual(before);
  });
});
