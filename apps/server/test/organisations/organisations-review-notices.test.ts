import {
  NOTIFICATION_CENTRE_PATHS as N,
  notificationList,
  ORGANISATION_REVIEW_PATHS as R,
} from '@trackwell/contracts';
import { addStandardToList, applyCatalogEvent, putMember } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReviewNoticeRunner } from '../../src/modules/notifications/review-notices.ts';
import { keptMail, mailContent, useOrganisationWorld } from '../support/organisation-mail-world.ts';
import { callAs, makeOrganisation, path, type TestOrganisation } from '../support/organisation-world.ts';
import { a, catA, std, t } from '../support/tracker-world.ts';

/**
 * A review's notices: opened, it is in the assignee's notification centre (a REVIEW reason linking to it); the
 * scheduled job reminds the assignee before the due date and tells the owners once it is overdue, each e-mail
 * once, in the recipient's language (Arabic here), and puts the review back in their centre.
 */
const world = useOrganisationWorld('Notice Works', { standard: 4 });
const DAY = 86_400_000;
let org: TestOrganisation;
let dueAt: number;

/** The notices' job, sending into `sent` (failing the next `failNext(n)` sends). */
function runner() {
  const { sent, transport, failNext } = keptMail();
  const run = createReviewNoticeRunner({
    db: t.app.db,
    env: t.app.env,
    transport,
    content: mailContent(),
    log: t.app.log,
  });
  return { sent, failNext, ...run };
}

beforeAll(async () => {
  org = world.org;
  await t.app.db.query(`UPDATE users SET locale = 'ar' WHERE id = $1`, [org.byRole.reviewer.id]);
  dueAt = await openReview(org, 4, 'S4-26');
});

/** A new edition of the catalogue's standard `n`, put on the organisation's list: its review's due date. */
async function openReview(of: TestOrganisation, n: number, designation: string): Promise<number> {
  const s = std(catA, n);
  await t.app.db.transaction((tx) => addStandardToList(tx, a.tenant.id, of.listId, s.id));
  await applyCatalogEvent(
    t.app.db,
    a.tenant.id,
    {
      id: `notice-edition-${designation}`,
      type: 'new_edition',
      standard: { contentCode: s.contentCode },
      designation,
      edition: '2026',
      publishedOn: '2026-02-01',
    },
    {
      source: 'api',
      rules: { standard: true, committee: true, industryArea: true, publisher: true, workItem: true },
    },
  );
  const { rows } = await t.app.db.query<{ due_at: Date }>(
    'SELECT due_at FROM organisation_reviews WHERE organisation_id = $1 ORDER BY id DESC LIMIT 1',
    [of.id],
  );
  return new Date(rows[0]!.due_at).getTime();
}

describe('organisation review notices', () => {
  it('the opened review is in the assignee’s notification centre, linked to it', async () => {
    const page = notificationList.parse((await a.call(org.byRole.reviewer, { url: N.list })).json());
    expect(page.notifications[0]!.reasons).toEqual([
      expect.objectContaining({
        type: 'REVIEW',
        value: 'Notice Works list',
        organisationId: org.id,
        stage: 'opened',
      }),
    ]);
  });

  it('reminds the assignee in their language a week before, then tells the owners once overdue', async () => {
    const job = runner();
    expect(await job.run(new Date(dueAt - 8 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 0 });
    expect(await job.run(new Date(dueAt - 6 * DAY))).toEqual({ reminders: 1, escalations: 0, failed: 0 });
    expect(await job.run(new Date(dueAt - 5 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 0 });
    const reminder = job.sent[0]!;
    expect(reminder.to).toBe(org.byRole.reviewer.login);
    expect(reminder.subject).toContain('S4-26');
    expect(reminder.html).toContain('dir="rtl"');
    expect(reminder.text).toContain('افتح المراجعة');
    expect(reminder.text).toMatch(new RegExp(`/organisations/${org.id}/reviews/\\d+`));

    expect(await job.run(new Date(dueAt + DAY))).toEqual({ reminders: 0, escalations: 1, failed: 0 });
    expect(await job.run(new Date(dueAt + 2 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 0 });
    const overdue = job.sent[1]!;
    expect(overdue.to).toBe(org.owner.login);
    expect(overdue.subject).toMatch(/overdue/);
    const centre = notificationList.parse((await a.call(org.owner, { url: N.list })).json());
    expect(centre.notifications[0]!.reasons).toEqual([
      expect.objectContaining({ type: 'REVIEW', stage: 'overdue' }),
    ]);
    expect(centre.notifications[0]!.readAt).toBeNull();
  });

  it('a reminder or escalation whose e-mail failed is sent by a later run, once; one that was sent is not sent again', async () => {
    const other = await makeOrganisation(a, 'Retry Works');
    await putMember(t.app.db, a.tenant.id, other.id, other.byRole.editor.id, 'owner');
    const due = await openReview(other, 5, 'S5-26');
    const job = runner();
    const history = async () =>
      (
        await t.app.db.query<{ kind: string }>(
          `SELECT e.kind FROM organisation_review_events e JOIN organisation_reviews r
             ON r.tenant_id = e.tenant_id AND r.id = e.review_id
            WHERE r.organisation_id = $1 ORDER BY e.id`,
          [other.id],
        )
      ).rows.map((r) => r.kind);

    job.failNext(1);
    expect(await job.run(new Date(due - 6 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 1 });
    expect(job.sent).toHaveLength(0);
    expect(await job.run(new Date(due - 6 * DAY + 3_600_000))).toEqual({
      reminders: 1,
      escalations: 0,
      failed: 0,
    });
    expect(await job.run(new Date(due - 5 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 0 });
    expect(job.sent.map((m) => m.to)).toEqual([other.byRole.reviewer.login]);

    // Overdue: two owners; the first e-mail fails, the second is sent and is not sent again with the retry.
    job.failNext(1);
    expect(await job.run(new Date(due + DAY))).toEqual({ reminders: 0, escalations: 1, failed: 1 });
    expect(await job.run(new Date(due + DAY + 3_600_000))).toEqual({
      reminders: 0,
      escalations: 1,
      failed: 0,
    });
    expect(await job.run(new Date(due + 2 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 0 });
    const escalated = job.sent.slice(1).map((m) => m.to);
    expect(escalated.sort()).toEqual([other.owner.login, other.byRole.editor.login].sort());
    // The history has one reminder and one escalation: a retry sends the e-mail, it is no new notice.
    expect(await history()).toEqual(['opened', 'reminded', 'escalated']);
  });

  it('a failed reminder of a review signed off before the next run is dropped, not sent', async () => {
    const other = await makeOrganisation(a, 'Dropped Works');
    const due = await openReview(other, 3, 'S3-26');
    const job = runner();
    job.failNext(1);
    expect(await job.run(new Date(due - 6 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 1 });
    const { rows } = await t.app.db.query<{ id: string }>(
      'SELECT id::text FROM organisation_reviews WHERE organisation_id = $1',
      [other.id],
    );
    const signOff = path(R.signOff, { organisationId: other.id, reviewId: rows[0]!.id });
    const signed = await callAs(a, other.byRole.reviewer, 'POST', signOff, { decision: 'not_affected' });
    expect(signed.statusCode).toBe(200);
    expect(await job.run(new Date(due - 5 * DAY))).toEqual({ reminders: 0, escalations: 0, failed: 0 });
    expect(job.sent).toHaveLength(0);
    const mails = await t.app.db.query<{ status: string }>(
      'SELECT m.status FROM organisation_review_mails m WHERE m.review_id = $1',
      [rows[0]!.id],
    );
    expect(mails.rows).toEqual([{ status: 'dropped' }]);
  });
});
