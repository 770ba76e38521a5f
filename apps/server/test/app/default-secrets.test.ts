import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SECRETS, defaultSecretsInUse } from '../../src/config/default-secrets.ts';
import { parseEnv } from '../../src/config/env.ts';
import { buildTestApp } from '../support/helpers.ts';

/**
 * The built-in NOTIFICATIONS_SECRET is public (it is in the repository): with it anyone signs feed URLs,
 * unsubscribe links and the console's message view. The server says so loudly at start; a real secret is quiet.
 */

/** The app's log lines at warn level and above, as JSON objects. */
async function startLog(env: Record<string, string>) {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await buildTestApp(env, { logger: { level: 'warn', stream } });
  await t.close();
  return lines;
}

describe('secrets left at their built-in value', () => {
  it('the settings list names the built-in notifications secret, and only while it is in use', () => {
    expect(defaultSecretsInUse(parseEnv({}))).toEqual(['NOTIFICATIONS_SECRET']);
    expect(parseEnv({}).NOTIFICATIONS_SECRET).toBe(BUILT_IN_SECRETS.NOTIFICATIONS_SECRET);
    expect(defaultSecretsInUse(parseEnv({ NOTIFICATIONS_SECRET: 'x'.repeat(40) }))).toEqual([]);
  });

  it('a server started with the built-in notifications secret logs a warning naming it', async () => {
    const lines = await startLog({});
    const warning = lines.find((l) => l.msg.includes('NOTIFICATIONS_SECRET'));
    expect(warning?.level).toBe(40); // pino's warn
    expect(warning?.msg).toMatch(/SECURITY: .*forge/);
  });

  it('a server started with its own secret logs no such warning', async () => {
    const lines = await startLog({ NOTIFICATIONS_SECRET: 'a-real-secret-of-at-least-32-characters!' });
    expect(lines.filter((l) => l.msg.includes('NOTIFICATIONS_SECRET'))).toEqual([]);
  });
});
