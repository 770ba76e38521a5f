import { CONSOLE_PATHS } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { a, adminA, callAs, t } from '../support/console-world.ts';
import { eventually } from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';
import {
  createStoreEndpoint,
  createUserEndpoint,
  endpointCount,
  hooksOf,
  publish,
  reader,
  receiver,
  useWebhooksWorld,
  W,
  WAIT,
} from './webhooks-world.ts';

/**
 * A store decides whether its users may have webhook endpoints of their own (feature flag
 * `user_webhooks`, the console's store settings). Off: every user route is 403 `webhooks_off` and changes
 * are queued for the store's endpoints only; on again: the user's endpoint, kept, gets the next change.
 */
useWebhooksWorld();

describe("the store's switch for its users' webhooks (feature flag user_webhooks)", () => {
  const setUserWebhooks = (enabled: boolean) =>
    callAs(adminA, {
      method: 'PATCH',
      url: CONSOLE_PATHS.store.replace(':code', a.tenant.code),
      payload: { featureFlags: { user_webhooks: { enabled } } },
    });
  const messagesTo = async (endpointId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_messages WHERE endpoint_id = $1::bigint',
        [endpointId],
      )
    ).rows[0]!.n;

  it('off: every user route is 403 webhooks_off, a change reaches the store endpoint but not the user one; on again: the endpoint is still theirs', async () => {
    expect((await createStoreEndpoint('/store')).statusCode).toBe(201);
    const mine = await createUserEndpoint(reader, '/switched');
    expect(mine.statusCode).toBe(201);
    const id = (mine.json() as { id: string }).id;
    expect((await setUserWebhooks(false)).statusCode).toBe(200);
    try {
      const before = await endpointCount();
      for (const [method, url, payload] of [
        ['GET', W.userWebhooks, undefined],
        ['POST', W.userWebhooks, { url: `${receiver.origin}/refused` }],
        ['DELETE', W.userWebhook.replace(':id', id), undefined],
        ['POST', W.userWebhookTest.replace(':id', id), undefined],
        ['GET', W.userWebhookDeliveries.replace(':id', id), undefined],
      ] as const) {
        const res = await a.call(reader, { method, url, ...(payload ? { payload } : {}) });
        expectError(res, 403);
        expect(res.json()).toMatchObject({
          error: 'webhooks_off',
          message: 'This store does not offer webhooks to its users.',
        });
      }
      expect(await endpointCount()).toBe(before);

      expect((await publish('hook-off', 'D638-31')).statusCode).toBe(200);
      await eventually(async () => expect(hooksOf('/store', 'hook-off')).toHaveLength(1), WAIT);
      expect(await messagesTo(id)).toBe(0);
      expect(hooksOf('/switched', 'hook-off')).toHaveLength(0);
    } finally {
      expect((await setUserWebhooks(true)).statusCode).toBe(200);
    }
    const list = await a.call(reader, { url: W.userWebhooks });
    expect(list.statusCode).toBe(200);
    expect(list.json().endpoints).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, url: `${receiver.origin}/switched` })]),
    );
    expect((await publish('hook-on', 'D638-32')).statusCode).toBe(200);
    await eventually(async () => expect(hooksOf('/switched', 'hook-on')).toHaveLength(1), WAIT);
  });

  it('a message queued before the switch went off is not sent again: it fails, and its attempt says why', async () => {
    const mine = await createUserEndpoint(reader, '/late');
    expect(mine.statusCode).toBe(201);
    const id = (mine.json() as { id: string }).id;
    receiver.answer('/late', 500, 500, 500, 500);
    expect((await publish('hook-late', 'D638-33')).statusCode).toBe(200);
    await eventually(async () => expect(hooksOf('/late', 'hook-late').length).toBeGreaterThan(0), WAIT);
    expect((await setUserWebhooks(false)).statusCode).toBe(200);
    try {
      // The attempts made before the switch went off are real ones (500); the next one sends nothing.
      await eventually(async () => {
        const { rows } = await t.app.db.query<{ status: string; attempts: number; error: string | null }>(
          `SELECT m.status, m.attempts, a.error FROM webhook_messages m
             JOIN webhook_attempts a ON a.message_id = m.id AND a.attempt = m.attempts
            WHERE m.endpoint_id = $1::bigint`,
          [id],
        );
        expect(rows).toEqual([
          {
            status: 'failed',
            attempts: hooksOf('/late', 'hook-late').length + 1,
            error: 'Not sent: the store turned its users’ webhooks off.',
          },
        ]);
      }, WAIT);
    } finally {
      expect((await setUserWebhooks(true)).statusCode).toBe(200);
    }
  });
});
