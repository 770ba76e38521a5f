import { randomUUID } from 'node:crypto';
import type { CatalogEvent } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyCatalogEvent,
  type DatabaseHandle,
  followSuccessorByLink,
  getSuccessorPreference,
  type MatchingRules,
  saveSuccessorPreference,
  upsertTenant,
} from '../src/index.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

const ALL: MatchingRules = {
  standard: true,
  committee: true,
  industryArea: true,
  publisher: true,
  workItem: true,
};

/** A tenant with D638-14 (asset D638) and, for withdrawals, D638M-20 (asset D638M), both active. */
async function catalogue(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(`INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1')`, [t]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     VALUES ($1, 'D638', 'D638-CC', 'D638-14', 'Tensile Properties', 'PUB1', 'D20', 'active', '2014', '2014-12-15'),
            ($1, 'D638M', 'D638M-CC', 'D638M-20', 'Tensile Properties (metric)', 'PUB1', 'D20', 'active', '2020', '2020-01-01')
     RETURNING id`,
    [t],
  );
  return { tenantId: t, oldId: rows[0]!.id, otherId: rows[1]!.id };
}

async function userTracking(db: DatabaseHandle, tenantId: string, standardIds: number[], follow?: boolean) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
    [id, tenantId, `${id}@example.com`],
  );
  for (const standardId of standardIds)
    await db.query('INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)', [
      tenantId,
      id,
      standardId,
    ]);
  if (follow !== undefined) await saveSuccessorPreference(db, tenantId, id, follow);
  return id;
}

const replacement = (id: string, replaces?: Extract<CatalogEvent, { type: 'new_standard' }>['replaces']) =>
  ({
    id,
    type: 'new_standard',
    standard: {
      assetId: 'D638-NEW',
      contentCode: 'D638-22-CC',
      designation: 'D638-22',
      title: 'Tensile Properties',
      publisherCode: 'PUB1',
      committeeDesignation: 'D20',
      edition: '2022',
      publishedOn: '2022-06-01',
      industryAreas: [],
    },
    ...(replaces ? { replaces } : {}),
  }) as CatalogEvent;

const trackedAssets = async (db: DatabaseHandle, tenantId: string, userId: string) =>
  (
    await db.query<{ asset_id: string }>(
      `SELECT s.asset_id FROM content_trackings ct JOIN standards s ON s.id = ct.standard_id
        WHERE ct.tenant_id = $1 AND ct.user_id = $2 ORDER BY s.asset_id`,
      [tenantId, userId],
    )
  ).rows.map((r) => r.asset_id);

const deliveredTo = async (db: DatabaseHandle, tenantId: string) =>
  (
    await db.query<{ user_id: string }>(
      'SELECT user_id FROM notification_deliveries WHERE tenant_id = $1 ORDER BY user_id',
      [tenantId],
    )
  ).rows.map((r) => r.user_id);

describe('following the successor of a replaced standard', () => {
  let database: TestDatabase;
  let db: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle;
  });
  afterAll(() => database.drop());

  it('a new standard that replaces: old is historical, the pair recorded, its trackers told, the automatic followers moved', async () => {
    const { tenantId, oldId } = await catalogue(db);
    const manual = await userTracking(db, tenantId, [oldId]);
    const auto = await userTracking(db, tenantId, [oldId], true);
    const autoOff = await userTracking(db, tenantId, [oldId], false);
    const bystander = await userTracking(db, tenantId, []);
    const other = await catalogue(db);
    const foreign = await userTracking(db, other.tenantId, [other.oldId], true);

    const applied = await applyCatalogEvent(db, tenantId, replacement('r-1', { assetId: 'D638' }), {
      source: 'api',
      rules: ALL,
    });
    expect(applied.result).toMatchObject({ outcome: 'applied', recipients: 3 });
    const status = await db.query<{ status: string }>('SELECT status FROM standards WHERE id = $1', [oldId]);
    expect(status.rows[0]?.status).toBe('historical');
    const pair = await db.query('SELECT standard_id FROM standard_successors WHERE event_id = $1', [
      applied.eventId,
    ]);
    expect(pair.rows).toEqual([{ standard_id: oldId }]);
    expect(await deliveredTo(db, tenantId)).toEqual([manual, auto, autoOff].sort());
    expect(await trackedAssets(db, tenantId, auto)).toEqual(['D638-NEW']);
    expect(await trackedAssets(db, tenantId, manual)).toEqual(['D638']);
    expect(await trackedAssets(db, tenantId, autoOff)).toEqual(['D638']);
    expect(await trackedAssets(db, tenantId, bystander)).toEqual([]);
    expect(await trackedAssets(db, other.tenantId, foreign)).toEqual(['D638']);
    const change = await db.query<{ change: { successor: unknown } }>(
      'SELECT change FROM catalog_events WHERE id = $1',
      [applied.eventId],
    );
    // The replaced standard's edition and its date travel with the pair (the successor e-mail shows them).
    expect(change.rows[0]?.change.successor).toEqual({
      from: { assetId: 'D638', designation: 'D638-14', edition: '2014', date: '2014-12-15' },
      to: { assetId: 'D638-NEW', designation: 'D638-22' },
    });
  });

  it('a withdrawal replaced by another: withdrawn, pair recorded, a follower who already tracks the successor keeps one tracking', async () => {
    const { tenantId, oldId, otherId } = await catalogue(db);
    const both = await userTracking(db, tenantId, [oldId, otherId], true);
    const manual = await userTracking(db, tenantId, [oldId]);
    const event: CatalogEvent = {
      id: 'w-1',
      type: 'withdrawal',
      standard: { assetId: 'D638' },
      replacedBy: { contentCode: 'D638M-CC' },
    };
    const applied = await applyCatalogEvent(db, tenantId, event, { source: 'api', rules: ALL });
    expect(applied.result).toMatchObject({ outcome: 'applied', recipients: 2 });
    const status = await db.query<{ status: string }>('SELECT status FROM standards WHERE id = $1', [oldId]);
    expect(status.rows[0]?.status).toBe('withdrawn');
    expect(await trackedAssets(db, tenantId, both)).toEqual(['D638M']);
    expect(await trackedAssets(db, tenantId, manual)).toEqual(['D638']);

    expect(await followSuccessorByLink(db, tenantId, applied.eventId!, manual)).toBe('followed');
    expect(await trackedAssets(db, tenantId, manual)).toEqual(['D638M']);
    expect(await followSuccessorByLink(db, tenantId, applied.eventId!, manual)).toBe('already');
    expect(await trackedAssets(db, tenantId, manual)).toEqual(['D638M']);
  });

  it('an unknown or self replacement is refused and writes nothing', async () => {
    const { tenantId, oldId } = await catalogue(db);
    await userTracking(db, tenantId, [oldId], true);
    const counts = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM catalog_events WHERE tenant_id = $1)::int AS events,
                  (SELECT count(*) FROM standards WHERE tenant_id = $1 AND status = 'active')::int AS active,
                  (SELECT count(*) FROM standard_successors WHERE tenant_id = $1)::int AS pairs,
                  (SELECT count(*) FROM notification_deliveries WHERE tenant_id = $1)::int AS deliveries`,
          [tenantId],
        )
      ).rows[0];
    const before = await counts();
    const unknown = await applyCatalogEvent(db, tenantId, replacement('r-x', { assetId: 'NOPE' }), {
      source: 'api',
      rules: ALL,
    });
    expect(unknown.result).toMatchObject({ outcome: 'rejected', error: 'unknown_replaces' });
    const self = await applyCatalogEvent(
      db,
      tenantId,
      { id: 'w-x', type: 'withdrawal', standard: { assetId: 'D638' }, replacedBy: { assetId: 'D638' } },
      { source: 'api', rules: ALL },
    );
    expect(self.result).toMatchObject({ outcome: 'rejected', error: 'unknown_replaced_by' });
    expect(await counts()).toEqual(before);
  });

  it('the preference is off until chosen, per user and store', async () => {
    const { tenantId } = await catalogue(db);
    const user = await userTracking(db, tenantId, []);
    expect(await getSuccessorPreference(db, tenantId, user)).toEqual({ followAutomatically: false });
    await saveSuccessorPreference(db, tenantId, user, true);
    expect(await getSuccessorPreference(db, tenantId, user)).toEqual({ followAutomatically: true });
    const other = await catalogue(db);
    expect(await getSuccessorPreference(db, other.tenantId, user)).toEqual({ followAutomatically: false });
  });
});
