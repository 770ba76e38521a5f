/**
 * The fault runs, one after the other, with short defaults for CI:
 *
 *   node scripts/faults/run.ts [--only=postgres,smtp,sigkill,digest] [--smtp-outage-seconds 20] [--users 100]
 *   (or `npm run faults -- …`; Node 24, as every script of this repository)
 *
 * - postgres: PostgreSQL restarted (stopped, then started) under load, on a throw-away cluster of its own in a
 *   temp dir (needs the server binaries in /usr/lib/postgresql/*\/bin and, as root, the `postgres` user);
 * - smtp: the SMTP relay refusing connections for --smtp-outage-seconds (default 20; the issue's figure
 *   is 120) in the middle of a fan-out;
 * - sigkill: the embedded server (PGlite) SIGKILLed in the middle of writes, then started again;
 * - digest: the embedded server SIGKILLed in the middle of a daily digest run (5 × --users users), then
 *   started again: exactly one digest each.
 * --users 100 by default (CI's size: each fault is timed by progress, not by the clock, so it still lands in
 * the middle of the sending, which more users make longer). Each prints one `PASS`/`FAIL` line with its
 * figures; the closing line counts them, and the exit code is non-zero when one failed. E-mails are counted by
 * Message-ID in a relay that keeps duplicates.
 */
import { parseArgs } from 'node:util';
import { shareCompileCache } from '../compile-cache.ts';
import type { FaultResult } from './fault-result.ts';

shareCompileCache(new URL('../../', import.meta.url).pathname);

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'postgres,smtp,sigkill,digest' },
    'smtp-outage-seconds': { type: 'string', default: '20' },
    users: { type: 'string', default: '100' },
  },
});
const only = new Set(values.only.split(',').map((s) => s.trim()));
const users = Number(values.users);
const outageSeconds = Number(values['smtp-outage-seconds']);

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `Node ${process.versions.node} cannot run TypeScript: use \`npm run faults\` (the repository's Node 24).\n`,
  );
  process.exit(2);
}

const faults: Array<[string, () => Promise<FaultResult>]> = [
  ['postgres', async () => (await import('./postgres-restart.ts')).runPostgresRestart({ users, events: 24 })],
  [
    'smtp',
    async () =>
      (await import('./smtp-outage.ts')).runSmtpOutage({ users: users * 2, events: 6, outageSeconds }),
  ],
  ['sigkill', async () => (await import('./embedded-sigkill.ts')).runEmbeddedSigkill({ users, events: 16 })],
  [
    'digest',
    async () => (await import('./digest-sigkill.ts')).runDigestSigkill({ users: users * 5, changes: 3 }),
  ],
];

const results: FaultResult[] = [];
for (const [key, run] of faults) {
  if (!only.has(key)) continue;
  const started = Date.now();
  process.stdout.write(`faults: ${key}…\n`);
  const result = await run();
  results.push(result);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`${result.pass ? 'PASS' : 'FAIL'}  ${result.name} (${seconds} s)\n`);
  for (const figure of result.figures) process.stdout.write(`      ${figure}\n`);
  if (result.failure) process.stdout.write(`      failed: ${result.failure}\n`);
}
const failed = results.filter((r) => !r.pass).length;
process.stdout.write(`faults: ${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
