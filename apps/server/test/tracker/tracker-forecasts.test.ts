import { addYears, listContentTrackingsResponse } from '@trackwell/contracts';
import { upsertTenant } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { forecastStandards, insertForecastCatalogue, monthsAgo } from '../support/forecast-fixtures.ts';
import { type TestUser, trackStandards } from '../support/tracker-fixtures.ts';
import { a, b, expectError, listUrl, P, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * The review forecast each tracked standard carries in the tracker list, under the default rules (a store's
 * own rules: console-forecast-rules.test.ts), and the "due within N months" filter with its refusals.
 */
useTrackerWorld();

let user: TestUser;
let ids: Map<string, number>;
const list = async (query = '', who = user) => {
  const res = await a.call(who, { url: `${listUrl(who.id, 1, 50)}${query}` });
  expect(res.statusCode).toBe(200);
  const rows = listContentTrackingsResponse.parse(res.json()).responseData.value.trackingData;
  return {
    ...rows,
    byAsset: new Map(rows.contentTrackings.map((r) => [r.content.assetId, r.reviewForecast])),
  };
};

beforeAll(async () => {
  ids = await insertForecastCatalogue(t.app.db, a.tenant.id);
  user = await a.createUser();
  await trackStandards(t.app.db, a.tenant.id, user.id, [...ids.values()]);
});

describe(`the review forecast in ${P.listContentTrackings}`, () => {
  it('ISO, ASTM and IEEE standards carry the default rule’s date at the catalogue’s precision', async () => {
    const { byAsset } = await list();
    const soon = forecastStandards()['iso-soon']!.publishedOn;
    expect(byAsset.get('iso-soon')).toEqual({
      dueOn: addYears({ on: soon, precision: 'month' }, 5).on.slice(0, 7),
      kind: 'systematic-review',
      rule: 'ISO',
      basis: 'publication',
      from: soon.slice(0, 7),
    });
    expect(byAsset.get('astm-reapproved')).toEqual({
      dueOn: '2023',
      withdrawalDueOn: '2026',
      kind: 'reapproval',
      rule: 'ASTM',
      basis: 'confirmation',
      from: '2018',
    });
    expect(byAsset.get('ieee-day')).toMatchObject({
      dueOn: '2032-07-29',
      kind: 'reaffirmation',
      rule: 'IEEE',
    });
  });

  it('a stage code or a confirmation date is used and named; withdrawn or rule-less standards have none', async () => {
    const { byAsset } = await list();
    expect(byAsset.get('iso-under-review')).toMatchObject({
      dueOn: '2020-09',
      basis: 'stage',
      stage: 'under-review',
      stageCode: '90.20',
    });
    expect(byAsset.get('iso-confirmed')).toMatchObject({
      dueOn: addYears({ on: monthsAgo(12), precision: 'month' }, 5).on.slice(0, 7),
      basis: 'confirmation',
      stage: 'confirmed',
    });
    expect(byAsset.get('din-no-rule')).toBeNull();
    expect(byAsset.get('iso-withdrawn')).toBeNull();
  });

  it('dueWithinMonths keeps the reviews due by then, overdue ones included, and pages them', async () => {
    const due = await list('&dueWithinMonths=3');
    expect([...due.byAsset.keys()].sort()).toEqual(['astm-reapproved', 'iso-soon', 'iso-under-review']);
    expect(due.totalElements).toBe(3);
    const wide = await list('&dueWithinMonths=120');
    expect(wide.totalElements).toBe(6);
    const paged = await a.call(user, { url: `${listUrl(user.id, 2, 2)}&dueWithinMonths=3` });
    const page2 = listContentTrackingsResponse.parse(paged.json()).responseData.value.trackingData;
    expect(page2.contentTrackings).toHaveLength(1);
    expect(page2.totalElements).toBe(3);
    expect(page2.totalPages).toBe(2);
  });

  it('a bad dueWithinMonths is 400; another user’s or another store’s list is refused and shows nothing', async () => {
    for (const bad of ['0', '-1', '121', 'soon', '1.5', ''])
      expectError(await a.call(user, { url: `${listUrl(user.id)}&dueWithinMonths=${bad}` }), 400);
    const other = await a.createUser();
    const foreign = await a.call(other, { url: `${listUrl(user.id)}&dueWithinMonths=3` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('ISO 9001');
    const otherHost = await t.app.inject({
      url: `${listUrl(user.id)}&dueWithinMonths=3`,
      headers: { host: b.host, authorization: `Bearer ${await a.token(user)}` },
    });
    expect(otherHost.statusCode).toBe(401);
    expect(otherHost.body).not.toContain('ISO 9001');
    expect((await list('&dueWithinMonths=3', other)).totalElements).toBe(0);
  });
});

describe("the standard's public store page", () => {
  const page = (assetId: string, host = a.host) =>
    t.app.inject({ url: `/store/standards/${assetId}.html`, headers: { host } });

  it('shows the forecast, labelled a forecast, with the stage it uses; a withdrawn standard shows none', async () => {
    const underReview = await page('iso-under-review');
    expect(underReview.statusCode).toBe(200);
    expect(underReview.body).toContain(
      '<dt lang="en" dir="ltr">Next review</dt><dd class="standard-forecast" lang="en" dir="ltr">Review due <bdi>2020-09</bdi> (<bdi>ISO systematic review</bdi>)',
    );
    expect(underReview.body).toContain(
      '<small>Forecast · under systematic review now (stage <bdi>90.20</bdi>)</small>',
    );
    expect((await page('astm-reapproved')).body).toContain('withdrawn <bdi>2026</bdi> without action');
    expect((await page('iso-withdrawn')).body).not.toContain('Next review');
    expect((await page('din-no-rule')).body).not.toContain('Next review');
    // Store B holds none of store A's standards.
    expect((await page('iso-under-review', b.host)).statusCode).toBe(404);
  });

  it("says the forecast in the page's language, as its title is chosen: Arabic, right to left", async () => {
    const base = await t.createTenant();
    const { ui } = base.def.config;
    const def = {
      ...base.def,
      config: {
        ...base.def.config,
        ui: {
          ...ui,
          languages: [...new Set([...ui.languages, 'ar' as const])],
          defaultLanguage: 'ar' as const,
        },
      },
    };
    const arabic = await t.app.db.transaction((tx) => upsertTenant(tx, def, base.tenant.id));
    t.app.tenants.clear();
    await insertForecastCatalogue(t.app.db, arabic.id);
    const res = await page('iso-under-review', base.host);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<dt lang="ar" dir="rtl">المراجعة القادمة</dt><dd class="standard-forecast" lang="ar" dir="rtl">المراجعة مستحقة في <bdi>2020-09</bdi>',
    );
    expect(res.body).toContain('<small>توقع · ');
    expect(res.body).not.toContain('Next review');
    expect(res.body).not.toContain('Review due');
  });
});
