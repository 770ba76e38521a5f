import { CONSOLE_PATHS } from '@trackwell/contracts';
import { listAuditEntries, listMailMessages } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  callAs,
  consoleRowCounts,
  editorA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
  trackStandard,
} from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The console's changes: a preview counts whom a change would e-mail with the dispatch's own matching (and writes
 * nothing); publishing goes through the publisher feed's path (applied, e-mailed, idempotent by event id) and is
 * audited with the user; a change that cannot be applied is a 400 naming the field.
 */
useConsoleWorld({ env: { SMTP_SINK_PORT: '0', NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' }, worker: true });

const preview = (body: object, actor = editorA) =>
  callAs(actor, {
    method: 'POST',
    url: CONSOLE_PATHS.storeChangePreview.replace(':code', a.tenant.code),
    payload: body,
  });
const publish = (body: object, actor = editorA) =>
  callAs(actor, {
    method: 'POST',
    url: CONSOLE_PATHS.storeChanges.replace(':code', a.tenant.code),
    payload: body,
  });
const inbox = (to: string) => listMailMessages(t.app.db, { to });

const newEdition = (id: string, designation: string) => ({
  id,
  type: 'new_edition',
  standard: { contentCode: 'D638-CC' },
  designation,
  edition: designation.slice(-2),
  publishedOn: '2022-06-01',
});

let byCommittee: { id: string; login: string };
let byStandard: { id: string; login: string };
let unsubscribed: { id: string; login: string };

beforeAll(async () => {
  const db = t.app.db;
  const tenantId = a.tenant.id;
  const { standardId } = await buildNotificationCatalogue(db, tenantId);
  byCommittee = await addNotificationUser(db, tenantId);
  await trackSource(db, tenantId, byCommittee.id, 'COMMITTEE', 'D20');
  byStandard = await addNotificationUser(db, tenantId);
  await trackStandard(db, tenantId, byStandard.id, standardId);
  unsubscribed = await addNotificationUser(db, tenantId);
  await trackSource(db, tenantId, unsubscribed.id, 'COMMITTEE', 'D20');
  await db.query(
    `INSERT INTO tracking_unsubscribes (tenant_id, user_id, application_code) VALUES ($1, $2, 'TRACKER')`,
    [tenantId, unsubscribed.id],
  );
});

describe('console changes: preview, then publish', () => {
  it('the preview says "2 users will be e-mailed" (committee, standard; not the unsubscribed) and writes nothing; publishing e-mails exactly those 2', async () => {
    const before = await consoleRowCounts();
    const seen = await preview(newEdition('console-0001', 'D638-22'));
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      id: 'console-0001',
      outcome: 'would_apply',
      recipients: 2,
      bySource: { standard: 1, committee: 1, industryArea: 0, publisher: 0, workItem: 0 },
      summary: '2 users will be e-mailed',
    });
    expect(await consoleRowCounts()).toEqual(before);
    const { rows } = await t.app.db.query<{ designation: string }>(
      `SELECT designation FROM standards WHERE tenant_id = $1 AND content_code = 'D638-CC'`,
      [a.tenant.id],
    );
    expect(rows[0]?.designation).toBe('D638-14'); // the preview's change was rolled back

    const published = await publish(newEdition('console-0001', 'D638-22'));
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: 'console-0001', outcome: 'applied', recipients: 2 });
    await eventually(async () => {
      expect(await inbox(byCommittee.login)).toHaveLength(1);
      expect(await inbox(byStandard.login)).toHaveLength(1);
    });
    expect(await inbox(unsubscribed.login)).toHaveLength(0);
    // The sink holds a message before the worker records its delivery as sent: wait for both.
    await eventually(async () => {
      const sent = await t.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notification_deliveries d JOIN catalog_events e ON e.id = d.event_id
          WHERE e.tenant_id = $1 AND e.publisher_event_id = 'console-0001' AND d.status = 'sent'`,
        [a.tenant.id],
      );
      expect(sent.rows[0]?.n).toBe(seen.json().recipients);
    });
    const audit = await listAuditEntries(t.app.db, {
      tenantId: a.tenant.id,
      action: 'changes.publish',
      limit: 5,
    });
    expect(audit.entries[0]).toMatchObject({ actorLogin: editorA.user.login, target: 'console-0001' });
  });

  it('publishing the same event id again applies and e-mails nothing (duplicate), and its preview says so', async () => {
    const again = await publish(newEdition('console-0001', 'D638-23'), adminA);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: 'console-0001', outcome: 'duplicate' });
    expect((await preview(newEdition('console-0001', 'D638-23'), operator)).json()).toMatchObject({
      outcome: 'duplicate',
      recipients: 0,
      summary: '0 users will be e-mailed',
    });
    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalog_events WHERE tenant_id = $1 AND publisher_event_id = 'console-0001'`,
      [a.tenant.id],
    );
    expect(rows[0]?.n).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await inbox(byCommittee.login)).toHaveLength(1);
  });

  it('a new standard previews with its committee and area trackers, and is not created by the preview', async () => {
    const event = {
      id: 'console-new-1',
      type: 'new_standard',
      standard: {
        assetId: 'D9999',
        contentCode: 'D9999-CC',
        designation: 'D9999-26',
        title: 'A new one',
        publisherCode: 'PUB1',
        committeeDesignation: 'D20',
        edition: '2026',
        publishedOn: '2026-01-01',
        industryAreas: ['PLAS'],
      },
    };
    const before = await consoleRowCounts();
    expect((await preview(event)).json()).toMatchObject({
      recipients: 1,
      summary: '1 user will be e-mailed',
    });
    expect(await consoleRowCounts()).toEqual(before);
  });
});

describe('console changes: bad input is a 400 naming the field, and nothing is written', () => {
  it.each([
    [
      'a kind the feed does not take',
      { ...newEdition('bad-1', 'D638-30'), type: 'new_colour' },
      /body\.type/,
    ],
    ['a NUL in the designation', newEdition('bad-2', 'D638\u000030'), /designation/],
    [
      'an unknown standard',
      { ...newEdition('bad-3', 'X1-26'), standard: { contentCode: 'NOPE' } },
      /body\.standard/,
    ],
    [
      'a new standard replacing an unknown one',
      {
        id: 'bad-4',
        type: 'new_standard',
        standard: {
          assetId: 'D9998',
          contentCode: 'D9998-CC',
          designation: 'D9998-26',
          title: 'A replacement',
          publisherCode: 'PUB1',
          committeeDesignation: 'D20',
          edition: '2026',
          publishedOn: '2026-01-01',
        },
        replaces: { assetId: 'NOPE' },
      },
      /body\.replaces/,
    ],
    [
      'a withdrawal replaced by an unknown standard',
      {
        id: 'bad-5',
        type: 'withdrawal',
        standard: { contentCode: 'D638-CC' },
        replacedBy: { contentCode: 'NOPE' },
      },
      /body\.replacedBy/,
    ],
    [
      'a withdrawal replaced by a reference of the wrong shape',
      { id: 'bad-6', type: 'withdrawal', standard: { contentCode: 'D638-CC' }, replacedBy: 'D638-22' },
      /body\.replacedBy/,
    ],
  ])('%s', async (_name, body, field) => {
    for (const call of [preview, publish]) {
      const before = await consoleRowCounts();
      const res = await call(body);
      expectError(res, 400);
      expect((res.json().issues as Array<{ path: string }>).map((i) => i.path).join(' ')).toMatch(field);
      expect(await consoleRowCounts()).toEqual(before);
    }
  });
});
