import { NOTIFICATION_CENTRE_PATHS as N, notificationList } from '@trackwell/contracts';
import { addStandardToList, applyCatalogEvent } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailContent } from '../../src/modules/notifications/mail-content.ts';
import { createReviewNoticeRunner } from '../../src/modules/notifications/review-notices.ts';
import type { MailTransport, NotificationMail } from '../../src/modules/notifications/transport.ts';
import { makeOrganisation, type TestOrganisation } from '../support/organisation-world.ts';
import { a, catA, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * A review's notices: opened, it is in the assignee's notification centre (a REVIEW reason linking to it); the
 * scheduled job reminds the assignee before the due date and tells the owners once it is overdue, each e-mail
 * once, in the recipient's language (Arabic here), and puts the review back in their centre.
 */
useTrackerWorld();

const DAY = 86_400_000;
let org: TestOrganisation;
let dueAt: number;

function runner() {
  const sent: NotificationMail[] = [];
  const transport: MailTransport = {
    async send(m) {
      sent.push(m);
      return { messageId: m.messageId, raw: '' };
    },
    close: async () => {},
  };
  const content = createMailContent({
    db: t.app.db,
    origin: (host) => t.app.publicUrls.origin({ canonicalHost: host }),
    log: t.app.log,
  });
  const run = createReviewNoticeRunner({ db: t.app.db, env: t.app.env, transport, content, log: t.app.log });
  return { sent, ...run };
}

beforeAll(async () => {
  org = await makeOrganisation(a, 'Notice Works');
  await t.app.db.query(`UPDATE users SET locale = 'ar' WHERE id = $1`, [org.byRole.reviewer.id]);
  const s = std(catA, 4);
  await t.app.db.transaction((tx) => addStandardToList(tx, a.tenant.id, org.listId, s.id));
  await applyCatalogEvent(
    t.app.db,
    a.tenant.id,
    {
      id: 'notice-edition-1',
      type: 'new_edition',
      standard: { contentCode: s.contentCode },
      designation: 'S4-26',
      edition: '2026',
      publishedOn: '2026-02-01',
    },
    {
      source: 'api',
      rules: { standard: true, committee: true, industryArea: true, publisher: true, workItem: true },
    },
  );
  const { rows } = await t.app.db.query<{ due_at: Date }>(
    'SELECT due_at FROM organisation_reviews WHERE organisation_id = $1',
    [org.id],
  );
  dueAt = new Date(rows[0]!.due_at).getTime();
});

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
});
