import type { CatalogEvent } from '@trackwell/contracts';
import { saveNotificationFrequency } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreDigestsAt } from '../../../../scripts/digest-run.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  trackStandard,
} from '../support/notifications-fixtures.ts';

/**
 * `npm run digest:run -- --store CODE --at ISO-TIME`: the digests of one store due at that moment are made
 * (the worker then sends them); another store's are not; a bad moment or store is a message, nothing made.
 */
describe('digest:run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  });
  afterAll(() => t?.close());

  let n = 0;
  async function storeWithWaitingChange() {
    const { tenant } = await t.createTenant();
    const { standardId } = await buildNotificationCatalogue(t.app.db, tenant.id);
    const user = await addNotificationUser(t.app.db, tenant.id);
    await trackStandard(t.app.db, tenant.id, user.id, standardId);
    await saveNotificationFrequency(t.app.db, tenant.id, user.id, {
      frequency: 'daily',
      hour: 8,
      weekday: 1,
      timeZone: 'Asia/Tokyo',
    });
    const event = { id: `cli-${++n}`, type: 'reaffirmation', standard: { assetId: 'D638' } };
    await t.app.notifications.publish(tenant.id, [event as CatalogEvent], 'api');
    return { tenant, user };
  }
  const digestsOf = async (userId: string) =>
    (await t.app.db.query('SELECT period FROM notification_digests WHERE user_id = $1', [userId])).rows;

  it('makes the store’s digests due at --at, once, and not another store’s', async () => {
    const one = await storeWithWaitingChange();
    const two = await storeWithWaitingChange();
    // The day after tomorrow: a schedule chosen now (up to 08:59 of tomorrow in Tokyo, when the test runs at
    // 23:xx UTC) has its first digest then. Tomorrow's 08:00 may already be past the choice.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const at = `${day}T00:30:00Z`; // 09:30 in Tokyo: that day's 08:00 digest is due
    expect(await createStoreDigestsAt(t.app.db, one.tenant.code, at)).toBe(1);
    expect(await digestsOf(one.user.id)).toEqual([{ period: `daily:${day}T08` }]);
    expect(await digestsOf(two.user.id)).toEqual([]);
    expect(await createStoreDigestsAt(t.app.db, one.tenant.code, at)).toBe(0);
  });

  it('refuses a moment that is not an ISO time and an unknown store, making nothing', async () => {
    const one = await storeWithWaitingChange();
    await expect(createStoreDigestsAt(t.app.db, one.tenant.code, 'tomorrow')).rejects.toThrow(
      /not an ISO date/,
    );
    await expect(createStoreDigestsAt(t.app.db, 'no-such-store', '2099-01-01T08:00:00Z')).rejects.toThrow(
      /no store with code "no-such-store"/,
    );
    expect(await digestsOf(one.user.id)).toEqual([]);
  });
});
