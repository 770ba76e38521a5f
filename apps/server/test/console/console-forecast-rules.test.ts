import {
  CONSOLE_FORECAST_PATHS,
  DEFAULT_FORECAST_RULES,
  forecastRulesAnswer,
  listContentTrackingsResponse,
  TRACKER_PATHS,
} from '@trackwell/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantResolver, followTenantChanges } from '../../src/modules/tenants/tenant-resolver.ts';
import { expectStoreRouteRefusals, storeRoute } from '../support/console-store-route.ts';
import {
  a,
  adminA,
  adminB,
  b,
  consoleRowCounts,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { insertForecastCatalogue } from '../support/forecast-fixtures.ts';
import { type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * A store's review-forecast rules over HTTP: the defaults at first, replaced whole and audited, the tracker's
 * forecasts following at once; refusals (bad rules, roles without the store's settings, another store, another
 * store's host) change nothing.
 */
useConsoleWorld();

const route = storeRoute(CONSOLE_FORECAST_PATHS.rules);
const { url, get: getRules, put: putRules } = route;
const ruleRows = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM review_forecast_rules')).rows[0]!.n;
const ISO_3 = { publisherCode: 'iso', kind: 'systematic-review', reviewYears: 3, withdrawalYears: null };

let reader: TestUser;
const readerForecast = async (assetId: string) => {
  const res = await a.call(reader, {
    url: `${TRACKER_PATHS.listContentTrackings}?userId=${reader.id}&pageSize=50`,
  });
  const rows = listContentTrackingsResponse.parse(res.json()).responseData.value.trackingData
    .contentTrackings;
  return rows.find((r) => r.content.assetId === assetId)?.reviewForecast;
};

beforeAll(async () => {
  const ids = await insertForecastCatalogue(t.app.db, a.tenant.id);
  await insertForecastCatalogue(t.app.db, b.tenant.id);
  reader = await a.createUser();
  await trackStandards(t.app.db, a.tenant.id, reader.id, [...ids.values()]);
});

describe('the review-forecast rules of a store', () => {
  it('are the defaults at first: no rule of the store’s own', async () => {
    const res = await getRules();
    expect(res.statusCode).toBe(200);
    expect(forecastRulesAnswer.parse(res.json())).toEqual({ rules: [], defaults: DEFAULT_FORECAST_RULES });
  });

  it('PUT replaces them (audited) and the tracker forecasts with them from then on', async () => {
    expect((await readerForecast('ieee-day'))?.dueOn).toBe('2032-07-29');
    const rules = [
      ISO_3,
      { publisherCode: 'IEEE', kind: 'reaffirmation', reviewYears: 5, withdrawalYears: 7 },
    ];
    const put = await putRules({ rules });
    expect(put.statusCode).toBe(200);
    const saved = forecastRulesAnswer.parse(put.json()).rules;
    expect(saved).toEqual([
      { publisherCode: 'IEEE', kind: 'reaffirmation', reviewYears: 5, withdrawalYears: 7 },
      { ...ISO_3, publisherCode: 'ISO' },
    ]);
    expect(await readerForecast('ieee-day')).toMatchObject({
      dueOn: '2027-07-29',
      withdrawalDueOn: '2029-07-29',
    });
    expect(await readerForecast('iso-under-review')).toMatchObject({ dueOn: '2018-09' });
    expect(await readerForecast('astm-reapproved')).toMatchObject({ dueOn: '2023' });
    const audit = await t.app.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM console_audit_log WHERE action = 'catalog.forecast_rules' AND tenant_id = $1`,
      [a.tenant.id],
    );
    expect(audit.rows).toEqual([{ before: { rules: [] }, after: { rules: saved } }]);
    // Store B keeps the defaults: A's rules are A's alone.
    expect(forecastRulesAnswer.parse((await getRules(adminB, b.tenant.code)).json()).rules).toEqual([]);
  });

  it('a bad rule is 400 naming it, and nothing changes', async () => {
    const before = await consoleRowCounts();
    const rows = await ruleRows();
    const cases: unknown[] = [
      { rules: [{ ...ISO_3, reviewYears: 0 }] },
      { rules: [{ ...ISO_3, reviewYears: 2.5 }] },
      { rules: [{ ...ISO_3, reviewYears: '5' }] },
      { rules: [{ ...ISO_3, withdrawalYears: 3 }] },
      { rules: [{ ...ISO_3, kind: 'guess' }] },
      { rules: [{ ...ISO_3, publisherCode: '' }] },
      { rules: [{ ...ISO_3, publisherCode: '<script>' }] },
      { rules: [ISO_3, { ...ISO_3, publisherCode: 'ISO' }] },
      { rules: [{ ...ISO_3, extra: true }] },
      { rules: [{ publisherCode: 'ISO' }] },
      {},
      { rules: 'ISO' },
    ];
    for (const payload of cases) expectError(await putRules(payload), 400);
    const named = expectError(await putRules({ rules: [ISO_3, { ...ISO_3, withdrawalYears: 2 }] }), 400);
    expect(named.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining([expect.stringContaining('rules.1')]),
    );
    expect(await consoleRowCounts()).toEqual(before);
    expect(await ruleRows()).toBe(rows);
  });

  it('is refused to an editor, a user without a role, another store’s admin, another store’s host; 404 for no store', async () => {
    const before = await consoleRowCounts();
    const rows = await ruleRows();
    await expectStoreRouteRefusals(route, { rules: [] });
    const foreignHost = await t.app.inject({
      method: 'PUT',
      url: url(),
      payload: { rules: [] },
      headers: { host: b.host, authorization: `Bearer ${await a.token(adminA.user)}` },
    });
    expect(foreignHost.statusCode).toBe(401);
    expect(foreignHost.body).not.toContain('IEEE');
    expect(await consoleRowCounts()).toEqual(before);
    expect(await ruleRows()).toBe(rows);
  });

  it('an operator may replace them, and an empty list puts every publisher back on the defaults', async () => {
    const cleared = await putRules({ rules: [] }, operator);
    expect(cleared.statusCode).toBe(200);
    expect(forecastRulesAnswer.parse(cleared.json()).rules).toEqual([]);
    expect((await readerForecast('ieee-day'))?.dueOn).toBe('2032-07-29');
  });

  it('another process forgets its cached rules when they are saved (the tenants’ channel)', async () => {
    const elsewhere = createTenantResolver(t.app.db, t.app.publicUrls); // another process's cache, 30 s
    const stop = await followTenantChanges(t.app.db, elsewhere);
    try {
      const ieee = async () =>
        (await elsewhere.forecastRules(a.tenant.id)).find((r) => r.publisherCode === 'IEEE')?.reviewYears;
      const before = await ieee(); // the default, now cached over there
      expect(
        (await putRules({ rules: [{ ...ISO_3, publisherCode: 'IEEE', reviewYears: 2 }] })).statusCode,
      ).toBe(200);
      await expect.poll(ieee, { timeout: 5_000 }).toBe(2);
      expect(before).not.toBe(2);
    } finally {
      await stop();
      await putRules({ rules: [] });
    }
  });
});
