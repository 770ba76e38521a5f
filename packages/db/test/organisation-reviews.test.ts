import { randomUUID } from 'node:crypto';
import type { CatalogEvent } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addStandardToList,
  applyCatalogEvent,
  claimReviewEscalations,
  claimReviewMails,
  claimReviewReminders,
  createOrganisation,
  createOrganisationList,
  findOrganisationReview,
  listOrganisationReviews,
  listReviewEvents,
  type MatchingRules,
  markReviewMailSent,
  putMember,
  reopenReview,
  setReviewDueDays,
  signOffReview,
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
const DAY = 86_400_000;

/**
 * Organisation reviews on both engines: a change opens one review per list holding the standard (set-based,
 * in the publish transaction, once however often the change is delivered), due by the organisation's policy,
 * with the assignee's centre row; sign-off and reopening keep the history, which cannot be edited; reminders
 * and escalation are claimed once each.
 */
describe('organisation reviews', () => {
  let t: TestDatabase;
  let store: string;
  let other: string;
  const [owner, reviewer, stranger] = [randomUUID(), randomUUID(), randomUUID()];
  let orgId: string;
  let listA: string;
  let listB: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle;
    store = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    other = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    for (const [s, user] of [
      [store, owner],
      [store, reviewer],
      [other, stranger],
    ] as const)
      await db.query(
        `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'T', 'U')`,
        [user, s, `${user}@example.test`],
      );
    await db.query(`INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'P1', 'Pub')`, [store]);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, status, edition, published_on)
       VALUES ($1, 'a1', 'c1', 'D1-24', 'Title', 'P1', 'active', '2024', '2024-01-01') RETURNING id`,
      [store],
    );
    const org = (await db.transaction((tx) =>
      createOrganisation(tx, store, { name: 'Acme', description: '' }),
    ))!;
    orgId = org.id;
    await putMember(db, store, orgId, owner, 'owner');
    await putMember(db, store, orgId, reviewer, 'reviewer');
    await db.transaction(async (tx) => {
      await setReviewDueDays(tx, store, orgId, 10);
      const a = await createOrganisationList(tx, store, orgId, {
        name: 'Plant A',
        responsibleUserId: reviewer,
      });
      const b = await createOrganisationList(tx, store, orgId, { name: 'Plant B', responsibleUserId: owner });
      listA = a.ok ? a.id : '';
      listB = b.ok ? b.id : '';
      for (const list of [listA, listB]) await addStandardToList(tx, store, list, rows[0]!.id);
    });
  });
  afterAll(() => t.drop());

  const edition: CatalogEvent = {
    id: 'evt-review-1',
    type: 'new_edition',
    standard: { contentCode: 'c1' },
    designation: 'D1-26',
    edition: '2026',
    publishedOn: '2026-01-01',
  };

  it('a change opens one review per list, due by the policy, with the assignee’s centre row; once only', async () => {
    const db = t.handle;
    const applied = await applyCatalogEvent(db, store, edition, { source: 'api', rules: ALL });
    // Nobody tracks the standard personally: the two assignees are the event's recipients.
    expect(applied.result).toMatchObject({ outcome: 'applied', recipients: 2 });
    const { reviews, total } = await listOrganisationReviews(db, store, orgId, {}, { offset: 0, limit: 10 });
    expect(total).toBe(2);
    const a = reviews.find((r) => r.listId === listA)!;
    expect(a).toMatchObject({ status: 'open', changeKind: 'new_edition', decision: null, overdue: false });
    expect(a.assignee?.userId).toBe(reviewer);
    const days = (new Date(a.dueAt).getTime() - new Date(a.openedAt).getTime()) / DAY;
    expect(days).toBeCloseTo(10, 5);
    const { rows: centre } = await db.query<{ user_id: string; reasons: Array<Record<string, string>> }>(
      'SELECT user_id, reasons FROM notification_deliveries WHERE tenant_id = $1 ORDER BY user_id',
      [store],
    );
    expect(centre.find((c) => c.user_id === reviewer)!.reasons).toEqual([
      expect.objectContaining({ type: 'REVIEW', value: 'Plant A', reviewId: a.id, stage: 'opened' }),
    ]);
    expect((await listReviewEvents(db, store, a.id)).map((e) => e.kind)).toEqual(['opened']);

    const again = await applyCatalogEvent(db, store, edition, { source: 'api', rules: ALL });
    expect(again.result.outcome).toBe('duplicate');
    const { rows: ids } = await db.query<{ id: number }>(
      'SELECT id FROM catalog_events WHERE tenant_id = $1',
      [store],
    );
    // The same change matched again (an import's replay) opens nothing more.
    const { openReviewsForEvents } = await import('../src/index.ts');
    await db.transaction((tx) => openReviewsForEvents(tx, store, [Number(ids[0]!.id)]));
    expect((await listOrganisationReviews(db, store, orgId, {}, { offset: 0, limit: 10 })).total).toBe(2);
    // Another store sees none of it.
    expect((await listOrganisationReviews(db, other, orgId, {}, { offset: 0, limit: 10 })).total).toBe(0);
    expect(await findOrganisationReview(db, other, orgId, a.id)).toBeUndefined();
  });

  it('a signed-off review reopened keeps its first sign-off in the history, which cannot be edited', async () => {
    const db = t.handle;
    const mine = await listOrganisationReviews(
      db,
      store,
      orgId,
      { assigneeUserId: reviewer },
      { offset: 0, limit: 5 },
    );
    const id = mine.reviews[0]!.id;
    const input = {
      decision: 'not_affected' as const,
      note: 'No clause we use',
      evidenceLinks: ['https://x.test/a'],
    };
    expect(await db.transaction((tx) => signOffReview(tx, store, orgId, id, reviewer, input))).toEqual({
      ok: true,
    });
    expect(await db.transaction((tx) => signOffReview(tx, store, orgId, id, reviewer, input))).toEqual({
      ok: false,
      reason: 'signed_off',
    });
    expect(await findOrganisationReview(db, store, orgId, id)).toMatchObject({
      status: 'signed_off',
      decision: 'not_affected',
      evidenceLinks: ['https://x.test/a'],
      signedOffBy: expect.objectContaining({ userId: reviewer }),
    });
    expect(await db.transaction((tx) => reopenReview(tx, store, orgId, id, owner, 'New evidence'))).toEqual({
      ok: true,
    });
    const review = (await findOrganisationReview(db, store, orgId, id))!;
    expect(review).toMatchObject({ status: 'open', signedOffBy: null, decision: 'not_affected' });
    const history = await listReviewEvents(db, store, id);
    expect(history.map((e) => e.kind)).toEqual(['opened', 'decided', 'signed_off', 'reopened']);
    expect(history[2]!.actor?.userId).toBe(reviewer);
    await expect(
      db.query(`UPDATE organisation_review_events SET kind = 'commented' WHERE review_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.query('DELETE FROM organisation_review_events WHERE review_id = $1', [id]),
    ).rejects.toThrow(/append-only/);
  });

  it('reminds the assignee 7 days and 1 day before, and tells the owners once when overdue', async () => {
    const db = t.handle;
    const listed = await listOrganisationReviews(
      db,
      store,
      orgId,
      { listId: listB },
      { offset: 0, limit: 5 },
    );
    const due = new Date(listed.reviews[0]!.dueAt).getTime();
    // The e-mails the claims queued, taken and marked sent as the notices' job does.
    const mailed = async (now: Date) => {
      const mails = await claimReviewMails(db, now, 100, 60);
      for (const mail of mails) await markReviewMailSent(db, mail.id, now);
      return mails;
    };
    // Both reviews are due in 10 days (the reopened one from its reopening): nothing yet.
    expect(await claimReviewReminders(db, new Date(due - 8 * DAY))).toBe(0);
    expect(await claimReviewReminders(db, new Date(due - 6 * DAY))).toBe(2);
    const week = await mailed(new Date(due - 6 * DAY));
    expect(week.map((n) => [n.kind, n.listName]).sort()).toEqual([
      ['reminder', 'Plant A'],
      ['reminder', 'Plant B'],
    ]);
    expect(await claimReviewReminders(db, new Date(due - 5 * DAY))).toBe(0);
    expect(await mailed(new Date(due - 5 * DAY))).toEqual([]);
    expect(await claimReviewReminders(db, new Date(due - DAY / 2))).toBe(2);
    const dayBefore = await mailed(new Date(due - DAY / 2));
    expect(dayBefore.map((n) => n.listName).sort()).toEqual(['Plant A', 'Plant B']);
    expect(await claimReviewReminders(db, new Date(due - DAY / 4))).toBe(0);

    expect(await claimReviewEscalations(db, new Date(due + 2 * DAY))).toBe(2);
    const overdue = await mailed(new Date(due + 2 * DAY));
    // Each overdue review goes to the organisation's one owner.
    expect(overdue.map((n) => [n.kind, n.listName, n.userId]).sort()).toEqual([
      ['overdue', 'Plant A', owner],
      ['overdue', 'Plant B', owner],
    ]);
    expect(await claimReviewEscalations(db, new Date(due + 3 * DAY))).toBe(0);
    expect(await mailed(new Date(due + 3 * DAY))).toEqual([]);
    const history = await listReviewEvents(db, store, listed.reviews[0]!.id);
    expect(history.map((e) => e.kind)).toEqual(['opened', 'reminded', 'reminded', 'escalated']);
    const { rows } = await db.query<{ reasons: Array<{ stage: string }>; read_at: Date | null }>(
      'SELECT reasons, read_at FROM notification_deliveries WHERE tenant_id = $1 AND user_id = $2',
      [store, owner],
    );
    expect(rows[0]!.reasons.map((r) => r.stage)).toEqual([
      'opened',
      'reminder',
      'reminder',
      'overdue',
      'overdue',
    ]);
    expect(rows[0]!.read_at).toBeNull();
  });
});
