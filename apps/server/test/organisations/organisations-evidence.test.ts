import { type CatalogEvent, ORGANISATION_EVIDENCE_PATHS } from '@trackwell/contracts';
import { addStandardToList, putMember } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { readUploadedSheet } from '../../src/modules/list-io/read-sheet.ts';
import { callAs, makeOrganisation, path, type TestOrganisation } from '../support/organisation-world.ts';
import { pdfLines, pdfText } from '../support/pdf-text.ts';
import { a, b, catA, expectError, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * GET …/lists/:listId/evidence: a list's reviews opened in a period as PDF, CSV or XLSX, for owners,
 * editors and reviewers; a reader 403; anyone outside the organisation, a list of another organisation, or
 * another store 404; a bad period or format 400 naming the field.
 */
useTrackerWorld();

let org: TestOrganisation;
let other: TestOrganisation;
const evidence = (o: TestOrganisation, query: string, listId = o.listId) =>
  `${path(ORGANISATION_EVIDENCE_PATHS.evidence, { organisationId: o.id, listId })}?${query}`;
const YEAR = 'from=2026-01-01&to=2026-12-31';

let event = 0;
/** A review of standard `n` on the organisation's list, as h-reviews' change matching opens it. */
async function review(
  o: TestOrganisation,
  n: number,
  fields: { opened: string; due: string; signedOff?: string; decision?: string; note?: string },
) {
  const { rows } = await t.app.db.query<{ id: number }>(
    `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, source, payload, change, occurred_at, standard_id)
     VALUES ($1, $2, 'new_edition', 'api', '{}', '{}', $3, $4) RETURNING id`,
    [a.tenant.id, `evidence-test-${++event}`, fields.opened, std(catA, n).id],
  );
  await t.app.db.query(
    `INSERT INTO organisation_reviews (tenant_id, organisation_id, list_id, standard_id, catalog_event_id,
       change_kind, assignee_user_id, opened_at, due_at, status, decision, note, signed_off_by, signed_off_at)
     VALUES ($1, $2, $3::bigint, $4, $5, 'new_edition', $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      a.tenant.id,
      o.id,
      o.listId,
      std(catA, n).id,
      rows[0]!.id,
      o.byRole.reviewer.id,
      fields.opened,
      fields.due,
      fields.signedOff ? 'signed_off' : 'open',
      fields.decision ?? null,
      fields.note ?? '',
      fields.signedOff ? o.byRole.reviewer.id : null,
      fields.signedOff ?? null,
    ],
  );
}

beforeAll(async () => {
  org = await makeOrganisation(a, 'Evidence Co');
  other = await makeOrganisation(a, 'Other Co');
  await t.app.db.query(`UPDATE users SET first_name = 'Rana', last_name = 'Khalil' WHERE id = $1`, [
    org.byRole.reviewer.id,
  ]);
  // Before the period, in it (signed off in time; signed off late; open past due), after it.
  await review(org, 1, { opened: '2025-12-31T23:59:00Z', due: '2026-01-30T00:00:00Z' });
  await review(org, 2, {
    opened: '2026-01-01T00:00:00Z',
    due: '2026-01-31T00:00:00Z',
    signedOff: '2026-01-20T10:00:00Z',
    decision: 'affected',
    note: '=SUM(A1) procedure updated',
  });
  await review(org, 3, {
    opened: '2026-06-01T08:00:00Z',
    due: '2026-07-01T08:00:00Z',
    signedOff: '2026-07-03T08:00:00Z',
    decision: 'not_affected',
  });
  await review(org, 4, { opened: '2026-12-31T23:00:00Z', due: '2026-01-30T00:00:00Z' });
  await review(org, 5, { opened: '2027-01-01T00:00:00Z', due: '2027-01-31T00:00:00Z' });
  await review(other, 2, { opened: '2026-05-01T00:00:00Z', due: '2026-05-31T00:00:00Z', note: 'Not ours' });
});

describe('evidence report route', () => {
  it('the owner’s PDF: the period’s changes only, who reviewed and decided, the late and open-past-due ones overdue', async () => {
    const res = await callAs(a, org.owner, 'GET', evidence(org, `${YEAR}&format=pdf&lang=en`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="evidence-evidence-co-list-2026-01-01-2026-12-31.pdf"',
    );
    const lines = (await pdfLines(res.rawPayload)).flat();
    const line = (designation: string) => lines.find((l) => l.startsWith(designation)) ?? '';
    expect(lines).toContain('List: Evidence Co list');
    expect(lines).toContain('Responsible person: Khalil Rana');
    expect(lines).toContain('Changes: 3 · overdue: 2');
    expect(line('S2-24')).toMatch(/New edition 2026-01-01 2026-01-31 Khalil Rana Affected 2026-01-20 '?=SUM/);
    expect(line('S2-24')).not.toContain('Overdue');
    expect(line('S3-24')).toContain('Khalil Rana Not affected 2026-07-03 Overdue');
    expect(line('S4-24')).toContain('Not yet decided — Overdue');
    expect(line('S1-24')).toBe('');
    expect(line('S5-24')).toBe('');
    expect(lines.join('\n')).not.toContain('Not ours');
  });

  it('CSV and XLSX carry the same rows; CSV formula cells get an apostrophe', async () => {
    const csv = await callAs(a, org.byRole.editor, 'GET', evidence(org, `${YEAR}&format=csv&lang=en`));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const sheet = await readUploadedSheet('csv', csv.rawPayload);
    expect(sheet.rows.map((r) => r[0])).toEqual(['S2-24', 'S3-24', 'S4-24']);
    expect(csv.body).toContain('"\'=SUM(A1) procedure updated"');
    const xlsx = await callAs(a, org.byRole.reviewer, 'GET', evidence(org, `${YEAR}&format=xlsx&lang=ar`));
    expect(xlsx.statusCode).toBe(200);
    const book = await readUploadedSheet('xlsx', xlsx.rawPayload);
    expect(book.header.slice(0, 3)).toEqual(['الرمز', 'العنوان', 'التغيير']);
    expect(book.rows.map((r) => [r[0], r[8]])).toEqual([
      ['S2-24', ''],
      ['S3-24', 'متأخرة'],
      ['S4-24', 'متأخرة'],
    ]);
  });

  it('in the user’s language when none is asked: Arabic, right to left', async () => {
    await t.app.db.query(`UPDATE users SET locale = 'ar' WHERE id = $1`, [org.owner.id]);
    const res = await callAs(a, org.owner, 'GET', evidence(org, `${YEAR}&format=pdf`));
    await t.app.db.query(`UPDATE users SET locale = NULL WHERE id = $1`, [org.owner.id]);
    const text = await pdfText(res.rawPayload);
    expect(text.split('\n')[0]).toBe('تقرير أدلة المراجعة');
    expect(text).toContain('عدد التغييرات 3، المتأخرة منها 2');
  });

  it('a reader gets 403; outsiders, another organisation’s list and another store get 404', async () => {
    expectError(await callAs(a, org.byRole.reader, 'GET', evidence(org, `${YEAR}&format=csv`)), 403);
    const stranger = await a.createUser();
    expectError(await callAs(a, stranger, 'GET', evidence(org, `${YEAR}&format=csv`)), 404);
    // The other organisation's owner asks for this organisation's list, and for their own list under this id.
    expectError(await callAs(a, other.owner, 'GET', evidence(org, `${YEAR}&format=csv`)), 404);
    expectError(await callAs(a, org.owner, 'GET', evidence(org, `${YEAR}&format=csv`, other.listId)), 404);
    const elsewhere = await b.createUser();
    expectError(await callAs(b, elsewhere, 'GET', evidence(org, `${YEAR}&format=csv`)), 404);
    await putMember(t.app.db, a.tenant.id, org.id, stranger.id, 'reviewer');
    expect((await callAs(a, stranger, 'GET', evidence(org, `${YEAR}&format=csv`))).statusCode).toBe(200);
  });

  it.each([
    ['from=2026-12-31&to=2026-01-01&format=pdf', 'querystring.to', 'must not be before'],
    ['from=2020-01-01&to=2025-01-02&format=pdf', 'querystring.to', 'longer than 5 years'],
    ['from=2026-02-30&to=2026-03-01&format=pdf', 'querystring.from', 'day of the calendar'],
    ['from=2026-01-01&to=31.12.2026&format=pdf', 'querystring.to', 'YYYY-MM-DD'],
    ['from=2026-01-01&to=2026-12-31&format=docx', 'querystring.format', ''],
    ['to=2026-12-31&format=pdf', 'querystring.from', ''],
  ])('400 for %s, naming the field', async (query, field, words) => {
    const body = expectError(await callAs(a, org.owner, 'GET', evidence(org, query)), 400);
    const issue = body.issues?.find((i) => i.path === field);
    expect(issue, JSON.stringify(body.issues)).toBeDefined();
    expect(issue!.message).toContain(words);
  });

  it('five years exactly is allowed', async () => {
    const res = await callAs(a, org.owner, 'GET', evidence(org, 'from=2021-01-01&to=2026-01-01&format=csv'));
    expect(res.statusCode).toBe(200);
  });

  it('a change published to a standard on the list opens its review, which the report shows as not yet decided', async () => {
    await t.app.db.transaction((tx) => addStandardToList(tx, a.tenant.id, org.listId, std(catA, 5).id));
    const event = { id: 'evidence-live', type: 'reaffirmation', standard: { assetId: 's-5' } };
    await t.app.notifications.publish(a.tenant.id, [event as CatalogEvent], 'api');
    const today = new Date().toISOString().slice(0, 10);
    const res = await callAs(
      a,
      org.byRole.reviewer,
      'GET',
      evidence(org, `from=${today}&to=${today}&format=csv&lang=en`),
    );
    const sheet = await readUploadedSheet('csv', res.rawPayload);
    expect(sheet.rows.map((r) => [r[0], r[2], r[5], r[6], r[8]])).toEqual([
      ['S5-24', 'Reaffirmation', 'Khalil Rana', 'Not yet decided', ''],
    ]);
  });
});
