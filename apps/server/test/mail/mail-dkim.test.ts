import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimSettings } from '../../src/config/dkim-settings.ts';
import { EnvError, parseEnv } from '../../src/config/env.ts';
import { createSmtpTransport } from '../../src/modules/notifications/transport.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** DKIM settings (SMTP_DKIM_*): validated all-or-none, and every message leaves signed. */

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const dir = mkdtempSync(join(tmpdir(), 'trackwell-dkim-'));
const KEY_FILE = join(dir, 'dkim.pem');
writeFileSync(KEY_FILE, PEM);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const problems = (env: Record<string, string>) => {
  try {
    parseEnv(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
};

describe('DKIM configuration', () => {
  it('is off by default', () => {
    expect(dkimSettings(parseEnv({}))).toBeUndefined();
  });

  it('takes the key inline (with \\n escapes, as env files hold it) or from a file', () => {
    const inline = parseEnv({
      SMTP_DKIM_DOMAIN: 'mail.example.com',
      SMTP_DKIM_SELECTOR: 'tw2026',
      SMTP_DKIM_PRIVATE_KEY: PEM.trim().replace(/\n/g, '\\n'),
    });
    expect(dkimSettings(inline)).toEqual({
      domainName: 'mail.example.com',
      keySelector: 'tw2026',
      privateKey: PEM.trim(),
    });
    const fromFile = parseEnv({
      SMTP_DKIM_DOMAIN: 'mail.example.com',
      SMTP_DKIM_SELECTOR: 'tw2026',
      SMTP_DKIM_PRIVATE_KEY_FILE: KEY_FILE,
    });
    expect(dkimSettings(fromFile)?.privateKey).toBe(PEM.trim());
  });

  it('is all or none, with one key source and a real private key, each problem named', () => {
    expect(problems({ SMTP_DKIM_DOMAIN: 'example.com' })).toMatch(
      /SMTP_DKIM_SELECTOR: required when DKIM is configured[\s\S]*SMTP_DKIM_PRIVATE_KEY: required/,
    );
    expect(problems({ SMTP_DKIM_PRIVATE_KEY_FILE: KEY_FILE })).toMatch(/SMTP_DKIM_DOMAIN: required/);
    expect(
      problems({
        SMTP_DKIM_DOMAIN: 'example.com',
        SMTP_DKIM_SELECTOR: 's1',
        SMTP_DKIM_PRIVATE_KEY: PEM,
        SMTP_DKIM_PRIVATE_KEY_FILE: KEY_FILE,
      }),
    ).toMatch(/either SMTP_DKIM_PRIVATE_KEY or SMTP_DKIM_PRIVATE_KEY_FILE, not both/);
    expect(
      problems({
        SMTP_DKIM_DOMAIN: 'example.com',
        SMTP_DKIM_SELECTOR: 's1',
        SMTP_DKIM_PRIVATE_KEY: 'not a key',
      }),
    ).toMatch(/SMTP_DKIM_PRIVATE_KEY: not a PEM private key/);
    expect(
      problems({
        SMTP_DKIM_DOMAIN: 'example.com',
        SMTP_DKIM_SELECTOR: 's1',
        SMTP_DKIM_PRIVATE_KEY_FILE: join(dir, 'missing.pem'),
      }),
    ).toMatch(/SMTP_DKIM_PRIVATE_KEY_FILE: no such file/);
    expect(
      problems({
        SMTP_DKIM_DOMAIN: 'not a domain',
        SMTP_DKIM_SELECTOR: 'bad selector!',
        SMTP_DKIM_PRIVATE_KEY: PEM,
      }),
    ).toMatch(/SMTP_DKIM_DOMAIN: must be a domain name[\s\S]*SMTP_DKIM_SELECTOR: must be a DKIM selector/);
  });
});

describe('DKIM signing through the local sink', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      SMTP_SINK_PORT: '0',
      SMTP_DKIM_DOMAIN: 'trackwell.example',
      SMTP_DKIM_SELECTOR: 'tw2026',
      SMTP_DKIM_PRIVATE_KEY_FILE: KEY_FILE,
    });
  });
  afterAll(async () => t?.close());

  const dkimHeader = async (to: string) => {
    const [message] = (await t.app.inject({ url: `/_dev/mail/messages?to=${to}` })).json().messages;
    return message.headers.find((h: { key: string }) => h.key === 'DKIM-Signature')?.value as
      | string
      | undefined;
  };
  const tag = (header: string, name: string) =>
    new RegExp(`(?:^|;)\\s*${name}=([^;]*)`).exec(header)?.[1]?.replace(/\s+/g, '');

  it('signs identity e-mails (the mailer) with the configured domain and selector', async () => {
    await t.app.mailer.send({ to: 'dkim@example.test', subject: 'Signed', text: 'Your code is 424242.' });
    const header = await dkimHeader('dkim@example.test');
    expect(header).toBeDefined();
    expect(tag(header!, 'd')).toBe('trackwell.example');
    expect(tag(header!, 's')).toBe('tw2026');
    expect(tag(header!, 'a')).toBe('rsa-sha256');
    expect(tag(header!, 'h')).toMatch(/from/i);
    expect(tag(header!, 'b')!.length).toBeGreaterThan(100);
  });

  it('signs notification e-mails (the pooled sender) too', async () => {
    const transport = createSmtpTransport({
      sinkPort: t.app.mailer.sinkPort,
      connections: 1,
      dkim: dkimSettings(t.app.env),
    });
    try {
      await transport.send({
        from: { name: 'Store', address: 'no-reply@trackwell.example' },
        to: 'dkim-notify@example.test',
        subject: 'A standard changed',
        text: 'D638-14 → D638-22',
        html: '<p>D638-14 → D638-22</p>',
        messageId: '<notification.1.1@trackwell.example>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } finally {
      await transport.close();
    }
    const header = await dkimHeader('dkim-notify@example.test');
    expect(tag(header!, 'd')).toBe('trackwell.example');
    expect(tag(header!, 's')).toBe('tw2026');
  });
});
