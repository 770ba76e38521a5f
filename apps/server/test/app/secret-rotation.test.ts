import {
  CATALOG_CHANGES_PATH,
  CONSOLE_PATHS,
  FOLLOW_SUCCESSOR_PATH,
  NOTIFICATION_CENTRE_PATHS as N,
  UNSUBSCRIBE_PATH,
} from '@trackwell/contracts';
import { issueNotificationFeed } from '@trackwell/db';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signMessageViewToken } from '../../src/modules/console/message-view-token.ts';
import { readFeedToken, signFeedToken } from '../../src/modules/notification-centre/feed-token.ts';
import { signFollowSuccessorToken } from '../../src/modules/notifications/follow-successor-token.ts';
import { signUnsubscribeToken } from '../../src/modules/notifications/unsubscribe-token.ts';
import { a, adminA, t, useConsoleWorld } from '../support/console-world.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  trackSource,
  trackStandard,
} from '../support/notifications-fixtures.ts';

/**
 * Rotating NOTIFICATIONS_SECRET: while the old secret is listed in NOTIFICATIONS_SECRET_PREVIOUS, every kind
 * of signed link it made (unsubscribe, follow a successor, private feed URL, the console's message view)
 * still works through its real route; new links are signed with the current secret; once the old one is
 * removed (here: a process started without it, on the same database), its links are refused as forged ones
 * always are.
 */
const CURRENT = 'current-secret-of-the-deployment-0123456789';
const PREVIOUS = 'previous-secret-of-the-deployment-012345678';
const FORGED = 'a-secret-this-server-never-had-0123456789ab';
useConsoleWorld({ env: { NOTIFICATIONS_SECRET: CURRENT, NOTIFICATIONS_SECRET_PREVIOUS: `${PREVIOUS}` } });

/** The same deployment restarted after the operator removed the previous secret. */
let removed: FastifyInstance;
const future = () => new Date(Date.now() + 86_400_000);
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const inject = (app: FastifyInstance, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: { host: a.host, ...(method === 'POST' ? form : {}) }, payload: '' });

let reader: { id: string; login: string };
let eventId = 0;
let deliveryId = '';

beforeAll(async () => {
  removed = await t.sibling({ env: { NOTIFICATIONS_SECRET_PREVIOUS: '' } });
  const db = t.app.db;
  const { standardId, apiKey } = await buildNotificationCatalogue(db, a.tenant.id);
  reader = await addNotificationUser(db, a.tenant.id);
  await trackStandard(db, a.tenant.id, reader.id, standardId);
  // D638-22 replaces D638-14: the reader is told, with a "Track D638-22 instead" link (and a delivery).
  const standard = {
    assetId: 'D638-22',
    contentCode: 'D638-22-CC',
    designation: 'D638-22',
    title: 'Tensile',
  };
  const event = {
    id: 'rotation-1',
    type: 'new_standard',
    standard: {
      ...standard,
      publisherCode: 'PUB1',
      committeeDesignation: 'D20',
      edition: '2022',
      publishedOn: '2022-06-01',
    },
    replaces: { contentCode: 'D638-CC' },
  };
  const published = await t.app.inject({
    method: 'POST',
    url: CATALOG_CHANGES_PATH,
    headers: { host: a.host, authorization: `Bearer ${apiKey}` },
    payload: { events: [event] },
  });
  expect(published.json()).toMatchObject({ results: [{ outcome: 'applied', recipients: 1 }] });
  const ids = await db.query<{ event: string; delivery: string }>(
    `SELECT event_id::text AS event, id::text AS delivery FROM notification_deliveries WHERE tenant_id = $1`,
    [a.tenant.id],
  );
  eventId = Number(ids.rows[0]!.event);
  deliveryId = ids.rows[0]!.delivery;
  await db.query(
    `UPDATE notification_deliveries SET status = 'sent', sent_at = now(), sent_message = $2 WHERE id = $1`,
    [
      deliveryId,
      'Subject: D638 replaced\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nD638-22 replaces it.\r\n',
    ],
  );
});

describe('a secret rotation, through each signed link’s route', () => {
  it('unsubscribe: the previous secret’s link unsubscribes while listed, is refused once removed; a forged one never', async () => {
    const user = await addNotificationUser(t.app.db, a.tenant.id);
    await trackSource(t.app.db, a.tenant.id, user.id, 'COMMITTEE', 'D20');
    const sources = async () =>
      (
        await t.app.db.query('SELECT 1 FROM source_trackings WHERE tenant_id = $1 AND user_id = $2', [
          a.tenant.id,
          user.id,
        ])
      ).rows.length;
    const link = (secret: string) =>
      `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(signUnsubscribeToken(secret, a.tenant.id, user.id, future()))}`;
    const old = link(PREVIOUS);
    expect((await inject(removed, 'GET', old)).statusCode).toBe(400);
    expect((await inject(removed, 'POST', old)).statusCode).toBe(400);
    expect((await inject(t.app, 'POST', link(FORGED))).statusCode).toBe(400);
    expect(await sources()).toBe(1);
    const page = await inject(t.app, 'GET', old);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // The current secret's link works on both processes (GET confirms and changes nothing).
    expect((await inject(removed, 'GET', link(CURRENT))).statusCode).toBe(200);
    expect(await sources()).toBe(1);
    expect((await inject(t.app, 'POST', old)).statusCode).toBe(200);
    expect(await sources()).toBe(0);
  });

  it('follow a successor: the previous secret’s link is accepted while listed, refused once removed; a forged one never', async () => {
    const target = { tenantId: a.tenant.id, eventId, userId: reader.id };
    const link = (secret: string) =>
      `${FOLLOW_SUCCESSOR_PATH}?e=${eventId}&t=${encodeURIComponent(signFollowSuccessorToken(secret, target, future()))}`;
    const refused = await inject(removed, 'GET', link(PREVIOUS));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This link is not valid or has expired.');
    expect((await inject(t.app, 'GET', link(FORGED))).statusCode).toBe(400);
    const page = await inject(t.app, 'GET', link(PREVIOUS));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Track D638-22 instead of D638-14?');
    expect((await inject(removed, 'GET', link(CURRENT))).statusCode).toBe(200);
  });

  it('private feed URL: the previous secret’s URL serves the feed while listed, 404 once removed; the URL shown is signed with the current secret', async () => {
    const issuedAt = await issueNotificationFeed(t.app.db, a.tenant.id, adminA.user.id);
    const url = (secret: string) =>
      N.atom.replace(':token', signFeedToken(secret, a.tenant.id, adminA.user.id, issuedAt));
    const served = await inject(t.app, 'GET', url(PREVIOUS));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect((await inject(removed, 'GET', url(PREVIOUS))).statusCode).toBe(404);
    expect((await inject(t.app, 'GET', url(FORGED))).statusCode).toBe(404);
    const shown = (await a.call(adminA.user, { url: N.feed })).json().url as string;
    const token = shown.slice(shown.lastIndexOf('/') + 1);
    expect(readFeedToken([CURRENT], a.tenant.id, token)).toEqual({ userId: adminA.user.id, issuedAt });
    expect((await inject(removed, 'GET', new URL(shown).pathname)).statusCode).toBe(200);
  });

  it('console message view: the previous secret’s view token opens the e-mail while listed, 401 once removed; new links use the current secret', async () => {
    const path = CONSOLE_PATHS.storeDeliveryMessageHtml
      .replace(':code', a.tenant.code)
      .replace(':deliveryId', deliveryId);
    const scope = { hostTenantId: a.tenant.id, storeCode: a.tenant.code, deliveryId };
    const view = (secret: string) =>
      `${path}?view=${encodeURIComponent(signMessageViewToken(secret, scope, adminA.user.id).token)}`;
    const opened = await inject(t.app, 'GET', view(PREVIOUS));
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('D638-22 replaces it.');
    expect((await inject(removed, 'GET', view(PREVIOUS))).statusCode).toBe(401);
    expect((await inject(t.app, 'GET', view(FORGED))).statusCode).toBe(401);
    const message = CONSOLE_PATHS.storeDeliveryMessage
      .replace(':code', a.tenant.code)
      .replace(':deliveryId', deliveryId);
    const { htmlUrl } = (await a.call(adminA.user, { url: message })).json() as { htmlUrl: string };
    expect((await inject(removed, 'GET', htmlUrl)).statusCode).toBe(200);
  });
});
