import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { buildNotificationCatalogue } from '../support/notifications-fixtures.ts';
import { insertDesignationForms } from '../support/tracker-fixtures.ts';

/**
 * The publisher API names the standard of a change by content code, store page id, or designation as
 * people write it, read by the one designation rule (contracts' designation-key.ts), the exact designation
 * first; a change lands on one standard, so a designation naming several equally is rejected.
 */
describe(`POST ${CATALOG_CHANGES_PATH}: a standard named by its designation`, () => {
  let t: TestApp;
  let host: string;
  let apiKey: string;
  let tenantId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const store = await t.createTenant();
    host = store.host;
    tenantId = store.tenant.id;
    ({ apiKey } = await buildNotificationCatalogue(t.app.db, tenantId));
    await insertDesignationForms(t.app.db, tenantId);
  });
  afterAll(() => t?.close());

  let n = 0;
  const reaffirm = (designation: string) =>
    t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: { host, 'x-api-key': apiKey },
      payload: {
        events: [
          { id: `reaffirm-${++n}`, type: 'reaffirmation', standard: { designation }, note: 'Reaffirmed.' },
        ],
      },
    });
  const lastChanged = async () =>
    (
      await t.app.db.query<{ designation: string }>(
        `SELECT s.designation FROM catalog_events e JOIN standards s ON s.id = e.standard_id
          WHERE e.tenant_id = $1 ORDER BY e.id DESC LIMIT 1`,
        [tenantId],
      )
    ).rows[0]?.designation;

  it.each([
    ['ISO 22337', 'ISO 22337:2020'],
    ['iso22337:2020', 'ISO 22337:2020'],
    ['D 6385', 'D6385-22'],
    ['ASTM D6385-22', 'D6385-22'],
    ['ASTM D6385-19', 'D6385-19'],
    ['DIN EN ISO 13849-1', 'DIN EN ISO 13849-1:2008-12'],
    ['ISO 13849-1', 'ISO 13849-1:2006-11'],
    ['D638-14', 'D638-14'],
  ])('%j changes %s', async (designation, changed) => {
    const res = await reaffirm(designation);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applied: 1, rejected: 0 });
    expect(await lastChanged()).toBe(changed);
  });

  it('rejects a designation naming several standards equally, or none, and applies nothing', async () => {
    const several = await reaffirm('ASTM D1234');
    expect(several.json()).toMatchObject({
      applied: 0,
      results: [
        { outcome: 'rejected', error: 'ambiguous_standard', message: expect.stringContaining('D1234-19') },
      ],
    });
    const none = await reaffirm('ISO 99999');
    expect(none.json()).toMatchObject({
      applied: 0,
      results: [{ outcome: 'rejected', error: 'unknown_standard' }],
    });
  });

  it('answers a NUL or a designation longer than a code with a clear 400', async () => {
    for (const designation of ['ISO\u000022337', 'D6385'.padEnd(10_000, 'x')]) {
      const res = await reaffirm(designation);
      expect(res.statusCode).toBe(400);
    }
  });
});
