import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/** The local mail pipe: nodemailer → SMTP over loopback → the sink → the database → the dev inbox API. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
});
afterAll(async () => t?.close());

describe('mail sink and dev inbox', () => {
  it('stores what was sent over SMTP and lists it by recipient and text', async () => {
    expect(t.app.mailer.transport).toBe('sink');
    expect(t.app.mailer.sinkPort).toBeGreaterThan(0);
    await t.app.mailer.send({
      to: 'Reader@Example.test',
      subject: 'Hello Ünïcode',
      text: 'Your code is 123456.\n',
    });
    await t.app.mailer.send({ to: 'other@example.test', subject: 'Other', text: 'nothing' });
    const list = await t.app.inject({ url: '/_dev/mail/messages?to=reader@example.test' });
    expect(list.statusCode).toBe(200);
    const { messages } = list.json();
    expect(messages).toHaveLength(1);
    expect(messages[0].to.map((a: string) => a.toLowerCase())).toEqual(['reader@example.test']);
    expect(messages[0]).toMatchObject({ subject: 'Hello Ünïcode', text: 'Your code is 123456.\n' });
    expect(messages[0].from).toBe('no-reply@trackwell.example');
    const byText = await t.app.inject({ url: '/_dev/mail/messages?q=123456' });
    expect(byText.json().messages).toHaveLength(1);
    const one = await t.app.inject({ url: `/_dev/mail/messages/${messages[0].id}` });
    expect(one.json().subject).toBe('Hello Ünïcode');
    expect((await t.app.inject({ url: '/_dev/mail/messages/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/_dev/mail/messages/abc' })).statusCode).toBe(400);
  });

  it('has no inbox when a real relay (SMTP_URL) is configured', async () => {
    const relay = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect(relay.app.mailer.transport).toBe('smtp');
      expect((await relay.app.inject({ url: '/_dev/mail/messages' })).statusCode).toBe(404);
    } finally {
      await relay.close();
    }
  });
});
