import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { isLoopbackAddress } from '../../src/modules/mail/inbox-access.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** The local mail inbox answers loopback clients only, unless DEV_MAIL_ACCESS=any. */

const INBOX_URLS = ['/_dev/mail', '/_dev/mail/messages', '/_dev/mail/messages?q=reset'];

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.3.9', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.8.8.8', true],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['128.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::', false],
    ['fe80::1', false],
    ['127.0.0.1.evil', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('local mail inbox: loopback only by default', () => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0' });
    ({ host } = await t.createTenant());
    await t.app.mailer.send({ to: 'reader@example.test', subject: 'Reset', text: 'reset link /reset/abc' });
  });
  afterAll(async () => t?.close());

  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])(
    'serves a client at %s',
    async (remoteAddress) => {
      for (const url of INBOX_URLS) {
        const res = await t.app.inject({ url, remoteAddress, headers: { host } });
        expect(res.statusCode, url).toBe(200);
      }
    },
  );

  it.each(['10.1.2.3', '192.168.0.7', '203.0.113.5', '::ffff:10.1.2.3', '2001:db8::1'])(
    'refuses a client at %s, from a store host or none, on every inbox path and method',
    async (remoteAddress) => {
      const list = await t.app.inject({ url: '/_dev/mail/messages', remoteAddress, headers: { host } });
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ error: 'dev_mail_loopback_only' });
      expect(list.body).not.toContain('reset link');
      for (const url of INBOX_URLS) {
        expect((await t.app.inject({ url, remoteAddress })).statusCode, url).toBe(403);
      }
      const id = (await t.app.inject({ url: '/_dev/mail/messages' })).json().messages[0].id;
      for (const url of [`/_dev/mail/messages/${id}`, `/_dev/mail/messages/${id}/html`, `/_dev/mail/${id}`]) {
        expect((await t.app.inject({ url, remoteAddress, headers: { host } })).statusCode, url).toBe(403);
      }
      const del = await t.app.inject({ method: 'DELETE', url: '/_dev/mail/messages', remoteAddress });
      expect(del.statusCode).toBe(403);
      expect((await t.app.inject({ url: '/_dev/mail/messages' })).json().messages).toHaveLength(1);
    },
  );

  it('ignores X-Forwarded-For without TRUST_PROXY: a remote socket stays remote, a local one local', async () => {
    const remote = await t.app.inject({
      url: '/_dev/mail/messages',
      remoteAddress: '203.0.113.5',
      headers: { host, 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(403);
    const local = await t.app.inject({
      url: '/_dev/mail/messages',
      remoteAddress: '127.0.0.1',
      headers: { host, 'x-forwarded-for': '203.0.113.5' },
    });
    expect(local.statusCode).toBe(200);
  });
});

describe('local mail inbox behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  const get = (remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      url: '/_dev/mail/messages',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('refuses a remote client that a loopback proxy forwards', async () => {
    expect((await get('127.0.0.1', '203.0.113.5')).statusCode).toBe(403);
    expect((await get('::1', '10.0.0.9')).statusCode).toBe(403);
  });

  it('refuses a remote client that prepends a loopback X-Forwarded-For of its own', async () => {
    expect((await get('127.0.0.1', '127.0.0.1, 203.0.113.5')).statusCode).toBe(403);
  });

  it('serves a loopback client, forwarded by a loopback proxy or direct', async () => {
    expect((await get('127.0.0.1', '127.0.0.1')).statusCode).toBe(200);
    expect((await get('127.0.0.1')).statusCode).toBe(200);
  });

  it('refuses a remote proxy even when it claims a loopback client', async () => {
    expect((await get('10.0.0.2', '127.0.0.1')).statusCode).toBe(403);
  });
});

describe('local mail inbox with DEV_MAIL_ACCESS=any', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0', DEV_MAIL_ACCESS: 'any' });
  });
  afterAll(async () => t?.close());

  it('serves a remote client', async () => {
    for (const url of INBOX_URLS) {
      expect((await t.app.inject({ url, remoteAddress: '203.0.113.5' })).statusCode, url).toBe(200);
    }
  });

  it('refuses an unknown DEV_MAIL_ACCESS value at start; loopback is the default', () => {
    expect(() => parseEnv({ DEV_MAIL_ACCESS: 'everyone' })).toThrow(/DEV_MAIL_ACCESS/);
    expect(parseEnv({}).DEV_MAIL_ACCESS).toBe('loopback');
  });
});
