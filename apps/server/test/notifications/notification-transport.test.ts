import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../src/modules/notifications/transport.ts';

/** A relay that keeps every message's bytes as they arrived (after the DATA terminator and dot-stuffing). */
async function startRecordingRelay() {
  const received: Buffer[] = [];
  const envelopes: Array<{ from: string; to: string[] }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      buffer(stream).then((bytes) => {
        received.push(bytes);
        const { mailFrom, rcptTo } = session.envelope;
        envelopes.push({ from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, envelopes, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the notification transport', () => {
  let relay: Awaited<ReturnType<typeof startRecordingRelay>>;
  beforeAll(async () => {
    relay = await startRecordingRelay();
  });
  afterAll(async () => {
    await relay?.close();
  });

  it('keeps exactly the bytes the relay received, every line ending in CRLF, with the Message-ID given', async () => {
    const transport = createSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${relay.port}`, connections: 1 });
    try {
      const sent = await transport.send({
        from: { name: 'Store', address: 'alerts@store.example' },
        to: 'reader@example.com',
        subject: 'A new edition',
        // Bare line feeds in both parts, and a line that starts with a dot (SMTP stuffs it on the wire).
        text: 'First line\nSecond line\n.dot line\n',
        html: { quotedPrintable: '<p>One</p>\n<p>Two</p>\r\n.<p>Dot</p>' },
        messageId: '<change.1.2@store.example>',
        headers: { 'List-Unsubscribe': '<https://store.example/u>' },
      });
      expect(sent.messageId).toBe('<change.1.2@store.example>');
      expect(relay.received).toHaveLength(1);
      // The envelope is the sender's address and the one recipient, whatever the headers say.
      expect(relay.envelopes).toEqual([{ from: 'alerts@store.example', to: ['reader@example.com'] }]);
      const wire = relay.received[0]!.toString('utf8');
      expect(sent.raw).toBe(wire);
      expect(wire).not.toMatch(/[^\r]\n/);
      expect(wire).toMatch(/^Message-ID: <change\.1\.2@store\.example>\r$/m);
      // One boundary of our own per message, different from the next message's.
      const boundaryOf = (raw: string) => /boundary="([^"]+)"/.exec(raw)?.[1];
      const second = await transport.send({
        from: { name: 'Store', address: 'alerts@store.example' },
        to: 'reader@example.com',
        subject: 'Another',
        text: 'x',
        html: '<p>x</p>',
        messageId: '<change.1.3@store.example>',
        headers: {},
      });
      expect(boundaryOf(sent.raw)).toBeTruthy();
      expect(boundaryOf(second.raw)).not.toBe(boundaryOf(sent.raw));
    } finally {
      await transport.close();
    }
  });
});
