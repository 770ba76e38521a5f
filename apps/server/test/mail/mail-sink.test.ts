import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** The local mail pipe: nodemailer → SMTP over loopback → the sink → the database → the dev inbox API. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
});
afterAll(async () => t?.close());

/** A raw SMTP client to the sink, for messages with chosen Message-IDs and headers. */
const smtp = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: t.app.mailer.sinkPort,
    secure: false,
    ignoreTLS: true,
  });

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
    expect(messages[0].from).toBe('"Trackwell" <no-reply@trackwell.example>');
    const byText = await t.app.inject({ url: '/_dev/mail/messages?q=123456' });
    expect(byText.json().messages).toHaveLength(1);
    const one = await t.app.inject({ url: `/_dev/mail/messages/${messages[0].id}` });
    expect(one.json().subject).toBe('Hello Ünïcode');
    expect((await t.app.inject({ url: '/_dev/mail/messages/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/_dev/mail/messages/abc' })).statusCode).toBe(400);
  });

  it('lists a message as from its From header, the store’s display name included', async () => {
    await smtp().sendMail({
      from: '"Acme Standards" <no-reply@acme.example>',
      envelope: { from: 'bounces@acme.example', to: ['named@example.test'] },
      to: 'named@example.test',
      subject: 'Named sender',
      text: 'body',
    });
    const { messages } = (await t.app.inject({ url: '/_dev/mail/messages?to=named@example.test' })).json();
    expect(messages[0].from).toBe('"Acme Standards" <no-reply@acme.example>');
    const page = await t.app.inject({ url: '/_dev/mail' });
    expect(page.body).toContain('&quot;Acme Standards&quot; &lt;no-reply@acme.example&gt;');
  });

  it('keeps every header, in order, with repeated names and long folded values', async () => {
    const long = `v=1; ${'x'.repeat(300)}`;
    await smtp().sendMail({
      from: 'Sender <sender@example.test>',
      to: 'headers@example.test',
      subject: 'All the headers',
      text: 'body',
      messageId: '<headers-1@example.test>',
      headers: [
        { key: 'X-Trace', value: 'first' },
        { key: 'X-Trace', value: 'second' },
        { key: 'X-Long-Header', value: long },
        { key: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    });
    const [message] = (await t.app.inject({ url: '/_dev/mail/messages?to=headers@example.test' })).json()
      .messages;
    const keys = message.headers.map((h: { key: string }) => h.key);
    expect(keys).toEqual(
      expect.arrayContaining(['From', 'To', 'Subject', 'Message-ID', 'Date', 'MIME-Version']),
    );
    const traces = message.headers.filter((h: { key: string }) => h.key === 'X-Trace');
    expect(traces.map((h: { value: string }) => h.value)).toEqual(['first', 'second']);
    expect(
      message.headers.find((h: { key: string }) => h.key === 'X-Long-Header').value.replace(/ /g, ''),
    ).toBe(long.replace(/ /g, ''));
    expect(message.headers).toContainEqual({
      key: 'List-Unsubscribe-Post',
      value: 'List-Unsubscribe=One-Click',
    });
    expect(message.messageId).toBe('<headers-1@example.test>');
  });

  it('drops a redelivered message (same Message-ID and recipients); another recipient is another message', async () => {
    const transport = smtp();
    const send = (to: string, subject: string) =>
      transport.sendMail({
        from: 'a@example.test',
        to,
        subject,
        text: 'x',
        messageId: '<redelivered-1@example.test>',
      });
    const first = await send('dup@example.test', 'Original');
    const again = await send('dup@example.test', 'Redelivered'); // accepted (250), not stored
    expect(first.response).toMatch(/^250/);
    expect(again.response).toMatch(/^250/);
    await send('dup-other@example.test', 'Same id, other mailbox');
    const dup = (await t.app.inject({ url: '/_dev/mail/messages?to=dup@example.test' })).json().messages;
    expect(dup.map((m: { subject: string }) => m.subject)).toEqual(['Original']);
    const other = (await t.app.inject({ url: '/_dev/mail/messages?to=dup-other@example.test' })).json()
      .messages;
    expect(other).toHaveLength(1);
    // A message without Message-ID is never taken for a duplicate.
    const raw = 'From: a@example.test\r\nTo: noid@example.test\r\nSubject: no id\r\n\r\nbody\r\n';
    await transport.sendMail({ envelope: { from: 'a@example.test', to: ['noid@example.test'] }, raw });
    await transport.sendMail({ envelope: { from: 'a@example.test', to: ['noid@example.test'] }, raw });
    const noId = (await t.app.inject({ url: '/_dev/mail/messages?to=noid@example.test' })).json().messages;
    expect(noId).toHaveLength(2);
    expect(noId[0].messageId).toBeNull();
  });

  it("serves a message's HTML alone under a CSP sandbox; 404 without HTML", async () => {
    await smtp().sendMail({
      from: 'a@example.test',
      to: 'html@example.test',
      subject: 'HTML',
      text: 'plain',
      html: '<p>Hello <script>alert(1)</script></p>',
    });
    await smtp().sendMail({
      from: 'a@example.test',
      to: 'plain@example.test',
      subject: 'Plain',
      text: 'plain',
    });
    const [html] = (await t.app.inject({ url: '/_dev/mail/messages?to=html@example.test' })).json().messages;
    const res = await t.app.inject({ url: `/_dev/mail/messages/${html.id}/html` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<p>Hello');
    const [plain] = (await t.app.inject({ url: '/_dev/mail/messages?to=plain@example.test' })).json()
      .messages;
    const none = await t.app.inject({ url: `/_dev/mail/messages/${plain.id}/html` });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: expect.anything() });
  });

  it('deletes one message and all messages (JSON DELETE), with clear errors', async () => {
    await t.app.mailer.send({ to: 'delete-me@example.test', subject: 'Delete me', text: 'x' });
    const [m] = (await t.app.inject({ url: '/_dev/mail/messages?to=delete-me@example.test' })).json()
      .messages;
    const del = await t.app.inject({ method: 'DELETE', url: `/_dev/mail/messages/${m.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: 1 });
    expect((await t.app.inject({ url: `/_dev/mail/messages/${m.id}` })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/_dev/mail/messages/${m.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/No such message/);
    expect((await t.app.inject({ method: 'DELETE', url: '/_dev/mail/messages/0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/_dev/mail/messages/x' })).statusCode).toBe(400);

    const before = (await t.app.inject({ url: '/_dev/mail/messages' })).json().messages.length;
    expect(before).toBeGreaterThan(0);
    const all = await t.app.inject({ method: 'DELETE', url: '/_dev/mail/messages' });
    expect(all.statusCode).toBe(200);
    expect(all.json().deleted).toBeGreaterThanOrEqual(before);
    expect((await t.app.inject({ url: '/_dev/mail/messages' })).json().messages).toEqual([]);
  });

  it('has no inbox when a real relay (SMTP_URL) is configured', async () => {
    const relay = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect(relay.app.mailer.transport).toBe('smtp');
      expect((await relay.app.inject({ url: '/_dev/mail/messages' })).statusCode).toBe(404);
      expect((await relay.app.inject({ method: 'DELETE', url: '/_dev/mail/messages' })).statusCode).toBe(404);
      expect((await relay.app.inject({ url: '/_dev/mail' })).statusCode).toBe(404);
    } finally {
      await relay.close();
    }
  }, 120_000); // builds a second app with its own database inside the test
});
