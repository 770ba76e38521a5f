import type { CatalogEvent } from '@trackwell/contracts';
import { replaceStandardCitations, saveNotificationFrequency } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  trackStandard,
} from '../support/notifications-fixtures.ts';
import { testDigestRunner } from './digest-test-runner.ts';

/**
 * The digest lists a cited standard's change with the reader's other changes, once per change: a new edition
 * the reader tracks directly and that two of their standards cite is one entry with its three reasons; a
 * dated reference says what became of the cited edition, an undated one that the latest edition applies.
 */
describe('cited standards in digests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  });
  afterAll(() => t?.close());

  it('groups cited-standard changes with the rest, each change once with every reason', async () => {
    const { tenant } = await t.createTenant();
    const db = t.app.db;
    const { standardId: d638 } = await buildNotificationCatalogue(db, tenant.id);
    const ids: Record<string, number> = {};
    for (const [code, designation] of [
      ['ISO 13849-1', 'ISO 13849-1:2006'],
      ['EN ISO 13849-1', 'EN ISO 13849-1:2008'],
      ['ISO 13849-2', 'ISO 13849-2:2003'],
      ['IEC 61508-3', 'IEC 61508-3:1998'],
    ] as const) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
           committee_designation, status, edition, published_on)
         VALUES ($1, $2, $3, $4, 'Safety of machinery', 'PUB1', 'D20', 'active', '2003', '2003-01-01')
         RETURNING id`,
        [tenant.id, code.toLowerCase().replaceAll(' ', '-'), code, designation],
      );
      ids[code] = rows[0]!.id;
    }
    await replaceStandardCitations(db, tenant.id, [
      { contentCode: 'ISO 13849-1', normative: ['ISO 13849-2:2003', 'IEC 61508-3:1998'] },
      { contentCode: 'EN ISO 13849-1', normative: ['ISO 13849-2'] },
    ]);
    const reader = await addNotificationUser(db, tenant.id);
    for (const id of [ids['ISO 13849-1']!, ids['EN ISO 13849-1']!, ids['ISO 13849-2']!, d638])
      await trackStandard(db, tenant.id, reader.id, id);
    await saveNotificationFrequency(db, tenant.id, reader.id, {
      frequency: 'daily',
      hour: 8,
      weekday: 1,
      timeZone: 'UTC',
    });
    await db.query(
      `UPDATE notification_schedules SET updated_at = '2099-01-14T14:00:00Z' WHERE user_id = $1`,
      [reader.id],
    );
    const events: CatalogEvent[] = [
      {
        id: 'cite-1',
        type: 'new_edition',
        standard: { contentCode: 'ISO 13849-2' },
        designation: 'ISO 13849-2:2012',
        edition: '2012',
        publishedOn: '2012-10-01',
      },
      { id: 'cite-2', type: 'withdrawal', standard: { contentCode: 'IEC 61508-3' } },
      { id: 'cite-3', type: 'reaffirmation', standard: { assetId: 'D638' } },
    ];
    await t.app.notifications.publish(tenant.id, events, 'api');

    const r = testDigestRunner(t);
    expect(await r.run(new Date('2099-01-15T08:00:00Z'))).toMatchObject({ created: 1, sent: 1 });
    const [mail] = r.sent.filter((m) => m.to === reader.login);
    expect(mail!.subject).toBe('Your daily digest of changes (3)');
    const entries = mail!.text.split('\n\n').filter((e) => e.startsWith('* '));
    expect(entries).toHaveLength(3);
    const edition = entries.find((e) => e.includes('ISO 13849-2:2012'))!;
    expect(edition).toContain('You track the standard ISO 13849-2:2012.');
    expect(edition).toContain(
      'ISO 13849-1:2006, which you track, cites ISO 13849-2:2003: a dated reference to that edition, which is now replaced by a new edition.',
    );
    expect(edition).toContain(
      'EN ISO 13849-1:2008, which you track, cites ISO 13849-2: an undated reference, so the latest edition applies.',
    );
    const withdrawal = entries.find((e) => e.includes('IEC 61508-3:1998'))!;
    expect(withdrawal).toContain(
      'ISO 13849-1:2006, which you track, cites IEC 61508-3:1998: a dated reference to that edition, which is now withdrawn.',
    );
    expect(withdrawal).not.toContain('You track the standard');
    expect(entries.find((e) => e.includes('D638-14'))).toContain('You track the standard D638-14.');
  });
});
