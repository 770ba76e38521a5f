import { listAuditEntries, newWebhookSecret } from '@trackwell/db';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { attemptWebhookMessage } from '../../src/modules/webhooks/deliver.ts';
import { a, adminA, adminB, callAs, editorA, t } from '../support/console-world.ts';
import { eventually } from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';
import { type ReceivedHook, signatureHeaders } from './webhook-receiver.ts';
import {
  bystander,
  createStoreEndpoint,
  createUserEndpoint,
  endpointCount,
  hooksOf,
  publish,
  reader,
  receiver,
  storeUrl,
  useWebhooksWorld,
  W,
  WAIT,
} from './webhooks-world.ts';

/**
 * Webhooks, end to end with the worker: a store's endpoint (console) and a user's own (tracker
 * API) get each change, signed per Standard Webhooks (verified with the `standardwebhooks` package), once;
 * a 500 is retried and both attempts are logged; a replayed or old timestamp is refused by the verifier;
 * another store's admin gets 403 and another user's endpoint is 404; bad input is a 400 naming the field.
 * Private addresses are allowed here (the receiver is local); webhooks-ssrf.test.ts tests the refusal, and
 * webhooks-user-switch.test.ts the store's switch for its users' endpoints.
 */
useWebhooksWorld();

const storeDeliveries = async (id: string) => {
  const res = await callAs(adminA, { url: storeUrl(W.storeWebhookDeliveries).replace(':id', id) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { attempts: Array<Record<string, unknown>> }).attempts;
};
let storeSecret = '';
let firstHook: ReceivedHook;

describe('a store endpoint gets each change of the store, signed, once', () => {
  it('registering shows the secret once; a published change reaches the endpoint exactly once and verifies', async () => {
    const created = await createStoreEndpoint('/store');
    expect(created.statusCode).toBe(201);
    const endpoint = created.json() as { id: string; secret: string; owner: string };
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(endpoint.owner).toBe('store');
    storeSecret = endpoint.secret;
    const list = await callAs(adminA, { url: storeUrl(W.storeWebhooks) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(storeSecret);
    expect(list.json().endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, url: `${receiver.origin}/store` }),
    ]);
    const audit = await listAuditEntries(t.app.db, {
      tenantId: a.tenant.id,
      action: 'webhook.create',
      limit: 5,
    });
    expect(audit.entries[0]).toMatchObject({ actorLogin: adminA.user.login, target: endpoint.id });
    expect(JSON.stringify(audit.entries)).not.toContain(storeSecret);

    const whatChanged = { summary: 'Type V specimens removed.', compareUrl: 'https://example.org/cmp/1' };
    expect((await publish('hook-1', 'D638-22', whatChanged)).statusCode).toBe(200);
    await eventually(async () => expect(hooksOf('/store', 'hook-1')).toHaveLength(1), WAIT);
    firstHook = hooksOf('/store', 'hook-1')[0]!;
    expect(firstHook.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(firstHook.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const payload = new Webhook(storeSecret).verify(firstHook.body, signatureHeaders(firstHook));
    expect(payload).toMatchObject({
      type: 'standard.changed',
      data: {
        store: a.tenant.code,
        changeId: 'hook-1',
        kind: 'new_edition',
        standard: { designation: 'D638-22', oldDesignation: 'D638-14', contentCode: 'D638-CC' },
        reasons: [{ type: 'STORE' }],
        ...whatChanged, // the publisher's summary and comparison link
      },
    });
    expect(() =>
      new Webhook(newWebhookSecret()).verify(firstHook.body, signatureHeaders(firstHook)),
    ).toThrow();
    expect(() =>
      new Webhook(storeSecret).verify(
        firstHook.body.replace('D638-22', 'D638-99'),
        signatureHeaders(firstHook),
      ),
    ).toThrow();

    await eventually(async () => {
      expect(await storeDeliveries(endpoint.id)).toEqual([
        expect.objectContaining({
          changeId: 'hook-1',
          attempt: 1,
          statusCode: 200,
          messageStatus: 'delivered',
          error: null,
        }),
      ]);
    }, WAIT);
  });

  it('the job running again, or the same change published again, sends nothing twice', async () => {
    const { rows } = await t.app.db.query<{ id: number }>(
      'SELECT id FROM webhook_messages WHERE message_id = $1',
      [String(firstHook.headers['webhook-id'])],
    );
    expect(
      await attemptWebhookMessage({ db: t.app.db, env: t.app.env }, Number(rows[0]!.id)),
    ).toBeUndefined();
    expect((await publish('hook-1', 'D638-23')).json()).toMatchObject({ outcome: 'duplicate' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(hooksOf('/store', 'hook-1')).toHaveLength(1);
  });

  it('the verifier refuses a replay outside its five-minute window, and a timestamp from the future', () => {
    const sentAt = Number(firstHook.headers['webhook-timestamp']) * 1000;
    const verify = () => new Webhook(storeSecret).verify(firstHook.body, signatureHeaders(firstHook));
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: sentAt + 4 * 60_000 });
      expect(verify()).toMatchObject({ type: 'standard.changed' }); // within the window
      vi.setSystemTime(sentAt + 6 * 60_000);
      expect(verify).toThrow(/too old/);
      vi.setSystemTime(sentAt - 6 * 60_000);
      expect(verify).toThrow(/too new/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a user endpoint gets the changes matched to that user, and is theirs only', () => {
  it('the reader (tracking committee D20) gets the change with why; a user tracking nothing gets nothing', async () => {
    const mine = await createUserEndpoint(reader, '/reader');
    expect(mine.statusCode).toBe(201);
    const secret = (mine.json() as { secret: string }).secret;
    expect((await createUserEndpoint(bystander, '/bystander')).statusCode).toBe(201);

    expect((await publish('hook-2', 'D638-24')).statusCode).toBe(200);
    await eventually(async () => {
      expect(hooksOf('/reader', 'hook-2')).toHaveLength(1);
      expect(hooksOf('/store', 'hook-2')).toHaveLength(1);
    }, WAIT);
    const hook = hooksOf('/reader', 'hook-2')[0]!;
    expect(new Webhook(secret).verify(hook.body, signatureHeaders(hook))).toMatchObject({
      data: { changeId: 'hook-2', reasons: [{ type: 'COMMITTEE', value: 'D20' }] },
    });
    expect(receiver.at('/bystander')).toHaveLength(0);
    // The store's list holds store endpoints only; each user's list their own.
    const storeList = (await callAs(adminA, { url: storeUrl(W.storeWebhooks) })).json()
      .endpoints as unknown[];
    expect(JSON.stringify(storeList)).not.toContain('/reader');
    const readerList = (await a.call(reader, { url: W.userWebhooks })).json().endpoints;
    expect(readerList).toEqual([
      expect.objectContaining({ owner: 'user', url: `${receiver.origin}/reader` }),
    ]);
  });

  it("another user's endpoint is 404 for every route, and stays", async () => {
    const readerId = ((await a.call(reader, { url: W.userWebhooks })).json().endpoints[0] as { id: string })
      .id;
    const before = await endpointCount();
    for (const [method, path] of [
      ['DELETE', W.userWebhook],
      ['POST', W.userWebhookTest],
      ['GET', W.userWebhookDeliveries],
    ] as const)
      expectError(await a.call(bystander, { method, url: path.replace(':id', readerId) }), 404);
    // Nor is a user's endpoint reachable as the store's, by the store's admin.
    expectError(
      await callAs(adminA, { method: 'DELETE', url: storeUrl(W.storeWebhook).replace(':id', readerId) }),
      404,
    );
    expect(await endpointCount()).toBe(before);
    expect((await a.call(reader, { url: W.userWebhookDeliveries.replace(':id', readerId) })).statusCode).toBe(
      200,
    );
  });

  it('the owner deletes their endpoint', async () => {
    const id = ((await a.call(bystander, { url: W.userWebhooks })).json().endpoints[0] as { id: string }).id;
    expect(
      (await a.call(bystander, { method: 'DELETE', url: W.userWebhook.replace(':id', id) })).statusCode,
    ).toBe(200);
    expect((await a.call(bystander, { url: W.userWebhooks })).json().endpoints).toEqual([]);
  });
});

describe('retries, the test event and the delivery log', () => {
  it('an endpoint answering 500 then 200 is retried with the same message id; the log shows both attempts', async () => {
    const created = await createStoreEndpoint('/flaky');
    const { id, secret } = created.json() as { id: string; secret: string };
    receiver.answer('/flaky', 500);
    expect((await publish('hook-3', 'D638-25')).statusCode).toBe(200);
    await eventually(async () => expect(hooksOf('/flaky', 'hook-3')).toHaveLength(2), WAIT);
    const [first, second] = hooksOf('/flaky', 'hook-3');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(new Webhook(secret).verify(second!.body, signatureHeaders(second!))).toMatchObject({
      data: { changeId: 'hook-3' },
    });
    await eventually(async () => {
      const log = (await storeDeliveries(id)).filter((e) => e.changeId === 'hook-3');
      expect(log).toEqual([
        expect.objectContaining({ attempt: 2, statusCode: 200, error: null, messageStatus: 'delivered' }),
        expect.objectContaining({ attempt: 1, statusCode: 500, error: expect.stringContaining('HTTP 500') }),
      ]);
      expect(log[1]!.nextAttemptAt).toEqual(expect.any(String));
      expect(log[0]!.messageId).toBe(first!.headers['webhook-id']);
    }, WAIT);
  });

  it('"send test event" makes one signed attempt and answers it; a failing endpoint is not retried', async () => {
    const { id, secret } = (await createStoreEndpoint('/tested')).json() as { id: string; secret: string };
    const sent = await callAs(adminA, {
      method: 'POST',
      url: storeUrl(W.storeWebhookTest).replace(':id', id),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      eventType: 'webhook.test',
      attempt: 1,
      statusCode: 200,
      messageStatus: 'delivered',
    });
    const hook = receiver.at('/tested').find((h) => JSON.parse(h.body).type === 'webhook.test')!;
    expect(new Webhook(secret).verify(hook.body, signatureHeaders(hook))).toMatchObject({
      type: 'webhook.test',
    });

    const down = (await createStoreEndpoint('/down')).json() as { id: string };
    receiver.answer('/down', 503);
    const failed = await callAs(adminA, {
      method: 'POST',
      url: storeUrl(W.storeWebhookTest).replace(':id', down.id),
    });
    expect(failed.json()).toMatchObject({ statusCode: 503, messageStatus: 'failed', nextAttemptAt: null });
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.at('/down').filter((h) => JSON.parse(h.body).type === 'webhook.test')).toHaveLength(1);
    expect(await storeDeliveries(down.id)).toEqual([
      expect.objectContaining({ eventType: 'webhook.test', statusCode: 503 }),
    ]);
  });
});

describe('refusals', () => {
  it("another store's admin and A's catalogue editor get 403 on A's webhooks; nothing is saved", async () => {
    const before = await endpointCount();
    expectError(await createStoreEndpoint('/stolen', adminB), 403);
    expectError(await createStoreEndpoint('/stolen', editorA), 403);
    expectError(await callAs(adminB, { url: storeUrl(W.storeWebhooks) }), 403);
    expect(await endpointCount()).toBe(before);
  });

  it.each([
    ['a URL that is not http(s)', { url: 'ftp://example.com/hook' }, 'url'],
    [
      'a 10,000-character description',
      { url: 'https://example.com/hook', description: 'x'.repeat(10_000) },
      'description',
    ],
    ['a NUL in the description', { url: 'https://example.com/hook', description: 'a\u0000b' }, 'description'],
    ['an unknown field', { url: 'https://example.com/hook', secret: 'whsec_mine' }, ''],
  ])('%s is a 400 naming the field, nothing saved', async (_name, payload, field) => {
    const before = await endpointCount();
    for (const res of [
      await callAs(adminA, { method: 'POST', url: storeUrl(W.storeWebhooks), payload }),
      await a.call(reader, { method: 'POST', url: W.userWebhooks, payload }),
    ]) {
      expectError(res, 400);
      if (field) expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await endpointCount()).toBe(before);
  });
});
