import { saveMonthlyStatus } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertForecastCatalogue } from '../support/forecast-fixtures.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { addNotificationUser, trackStandard } from '../support/notifications-fixtures.ts';
import { DIGEST_SUITE_ENV, startWorkerPastItsDigestRun, testDigestRunner } from './digest-test-runner.ts';

/**
 * The monthly status report lists each tracked standard's review forecast under the store's rules, labelled
 * a forecast, in the reader's language (Arabic right to left, dates and codes isolated). Opt-ins are dated
 * 2099 so the worker's own runs on the real clock never find a report due.
 */
describe('the monthly status report with review forecasts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(DIGEST_SUITE_ENV);
    await startWorkerPastItsDigestRun(t);
  });
  afterAll(() => t?.close());

  it('lists the ISO, ASTM and IEEE forecasts in English and in Arabic; none for a standard without a rule', async () => {
    const { tenant } = await t.createTenant();
    const db = t.app.db;
    const ids = await insertForecastCatalogue(db, tenant.id);
    const readers = [
      await addNotificationUser(db, tenant.id),
      await addNotificationUser(db, tenant.id, { locale: 'ar' }),
    ];
    for (const u of readers) {
      for (const asset of ['astm-reapproved', 'ieee-day', 'iso-under-review', 'din-no-rule'])
        await trackStandard(db, tenant.id, u.id, ids.get(asset)!);
      await saveMonthlyStatus(db, tenant.id, u.id, { enabled: true, timeZone: 'UTC' });
      await db.query(
        `UPDATE notification_schedules SET status_report_since = '2099-01-14T00:00:00Z' WHERE user_id = $1`,
        [u.id],
      );
    }
    const r = testDigestRunner(t);
    expect(await r.run(new Date('2099-02-01T08:00:00Z'))).toMatchObject({ created: 2, sent: 2 });
    const [english, arabic] = readers.map((u) => r.sent.find((m) => m.to === u.login)!);

    expect(english!.text).toContain('Review due 2023 (ASTM reapproval or revision)');
    expect(english!.text).toContain(
      'Forecast · counted from confirmation 2018 · withdrawn 2026 without action',
    );
    expect(english!.text).toContain('Review due 2032-07-29 (IEEE revision or reaffirmation)');
    expect(english!.text).toContain('Review due 2020-09 (ISO systematic review)');
    expect(english!.text).toContain('Forecast · under systematic review now (stage 90.20)');
    const din = english!.text.slice(english!.text.indexOf('DIN 820-1'));
    expect(din.split('\n').slice(0, 3).join('\n')).not.toContain('Review due');
    expect(english!.html).toContain('Review due <bdi>2023</bdi> (<bdi>ASTM reapproval or revision</bdi>)');

    expect(arabic!.html).toContain('dir="rtl"');
    expect(arabic!.html).toContain('المراجعة مستحقة في <bdi>2023</bdi>');
    expect(arabic!.text).toContain('المراجعة مستحقة في \u20682032-07-29\u2069');
    expect(arabic!.text).toContain('قيد المراجعة المنهجية الآن (المرحلة \u206890.20\u2069)');
  });
});
