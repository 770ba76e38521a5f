import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type MatchingRules, type Transaction, upsertTenant } from '../src/index.ts';
import { matchEventRecipients, matchEventsRecipients } from '../src/repositories/event-matching.ts';
import { queueEventsWebhookMessages, queueWebhookMessages } from '../src/repositories/webhooks.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

// The matching of several events in one statement (a catalogue import's batch) against the matching of each
// alone: the same outbox rows, reasons, webhook messages and recipient counts.

const ALL: MatchingRules = {
  standard: true,
  committee: true,
  industryArea: true,
  publisher: true,
  workItem: true,
};

/** Two standards (A in D20/PLAS, B in E05/FIRE), a work item in D20, seven users, two webhook endpoints. */
async function buildCatalogue(db: DatabaseHandle) {
  const t = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First'), ($1, 'PUB2', 'Second')`, [t]);
  await db.query(
    `INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1'), ($1, 'E05', 'Fire', 'PUB2')`,
    [t],
  );
  await db.query(`INSERT INTO industry_areas VALUES ($1, 'PLAS', 'Plastics'), ($1, 'FIRE', 'Fire')`, [t]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     VALUES ($1, 'a', 'A', 'A-14', 'Plastics', 'PUB1', 'D20', 'active', '2014', '2014-12-15'),
            ($1, 'b', 'B', 'B-20', 'Fire', 'PUB2', 'E05', 'active', '2020', '2020-01-15') RETURNING id`,
    [t],
  );
  const [a, b] = rows.map((r) => r.id);
  await db.query(`INSERT INTO standard_industry_areas VALUES ($1, $2, 'PLAS'), ($1, $3, 'FIRE')`, [t, a, b]);
  const wi = await db.query<{ id: number }>(
    `INSERT INTO work_items (tenant_id, work_item_number, title, committee_designation, status, created_on)
     VALUES ($1, 'WK1', 'Revision', 'D20', 'proposed', '2026-01-10') RETURNING id`,
    [t],
  );
  const user = async (...tracks: Array<[string, string]>) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'A', 'B')`,
      [id, t, `${id}@example.com`],
    );
    for (const [type, value] of tracks)
      await db.query(
        `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
         VALUES ($1, $2, 'TRACKER', $3, $4)`,
        [t, id, type, value],
      );
    return id;
  };
  const follower = await user(['COMMITTEE', 'D20']);
  await db.query(`INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)`, [
    t,
    follower,
    a,
  ]);
  await user(['INDUSTRYAREA', 'PLAS'], ['PUBLISHERS', 'PUB2']);
  const unsubscribed = await user(['COMMITTEE', 'D20'], ['COMMITTEE', 'E05']);
  await db.query(
    `INSERT INTO tracking_unsubscribes (tenant_id, user_id, application_code) VALUES ($1, $2, 'TRACKER')`,
    [t, unsubscribed],
  );
  await user(['WORKITEM', 'true'], ['COMMITTEE', 'D20']);
  await user(['WORKITEM', 'true'], ['INDUSTRYAREA', 'PLAS']);
  await user(['COMMITTEE', 'E05']);
  await db.query(
    `INSERT INTO webhook_endpoints (tenant_id, user_id, url, secret)
     VALUES ($1, NULL, 'https://store.example/hook', 'whsec_store'), ($1, $2, 'https://user.example/hook', 'whsec_user')`,
    [t, follower],
  );
  const events = await db.query<{ id: number }>(
    `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, standard_id, work_item_id, source, payload,
                                 change, occurred_at)
     VALUES ($1, 'e1', 'new_edition', $2, NULL, 'api', '{}', '{}', now()),
            ($1, 'e2', 'withdrawal', $3, NULL, 'api', '{}', '{}', now()),
            ($1, 'e3', 'work_item_status_change', NULL, $4, 'api', '{}', '{}', now()) RETURNING id`,
    [t, a, b, wi.rows[0]!.id],
  );
  return { t, eventIds: events.rows.map((r) => r.id) };
}

/** What the matching wrote, in a comparable form; then rolls back. */
async function written(db: DatabaseHandle, t: string, match: (tx: Transaction) => Promise<unknown>) {
  let seen: unknown;
  await db
    .transaction(async (tx) => {
      const counts = await match(tx);
      const q = async (sql: string) => (await tx.query(sql, [t])).rows;
      seen = {
        counts,
        deliveries: await q(
          `SELECT e.publisher_event_id, d.user_id, (SELECT jsonb_agg(r ORDER BY r::text) FROM jsonb_array_elements(d.reasons) r) AS reasons
             FROM notification_deliveries d JOIN catalog_events e ON e.id = d.event_id
            WHERE d.tenant_id = $1 ORDER BY 1, 2`,
        ),
        recipients: await q(
          `SELECT publisher_event_id, recipients FROM catalog_events WHERE tenant_id = $1 ORDER BY 1`,
        ),
        webhooks: await q(
          `SELECT e.publisher_event_id, w.endpoint_id, w.reasons FROM webhook_messages w
             JOIN catalog_events e ON e.id = w.event_id WHERE w.tenant_id = $1 ORDER BY 1, 2`,
        ),
      };
      throw new Error('roll back');
    })
    .catch((error: Error) => {
      if (error.message !== 'roll back') throw error;
    });
  return seen as { counts: Array<[number, number, number]>; deliveries: unknown[] };
}

describe('matching several events at once', () => {
  let database: TestDatabase;
  let db: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle;
  });
  afterAll(() => database.drop());

  it('writes what matching each event alone writes', async () => {
    const { t, eventIds } = await buildCatalogue(db);
    const oneByOne = await written(db, t, async (tx) => {
      const counts = [];
      for (const id of eventIds)
        counts.push([
          Number(id),
          await matchEventRecipients(tx, t, id, ALL),
          await queueWebhookMessages(tx, t, id),
        ]);
      return counts;
    });
    const together = await written(db, t, async (tx) => {
      const recipients = await matchEventsRecipients(tx, t, eventIds, ALL);
      const webhooks = await queueEventsWebhookMessages(tx, t, eventIds);
      return eventIds.map((id) => [Number(id), recipients.get(Number(id)), webhooks.get(Number(id))]);
    });
    expect(together).toEqual(oneByOne);
    expect(oneByOne.counts.map(([, recipients]) => recipients)).toEqual([4, 2, 2]);
    expect(oneByOne.deliveries).toHaveLength(8);
  });

  it('no events: nothing written', async () => {
    const { t } = await buildCatalogue(db);
    const none = await written(db, t, async (tx) => [
      ...(await matchEventsRecipients(tx, t, [], ALL)),
      ...(await queueEventsWebhookMessages(tx, t, [])),
    ]);
    expect(none).toMatchObject({ counts: [], deliveries: [] });
  });
});
