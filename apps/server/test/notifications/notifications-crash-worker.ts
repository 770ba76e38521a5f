/**
 * A stand-alone notification worker for the crash-safety test (notifications-crash.test.ts): opens the
 * database named by DATABASE_URL (or PGlite in DATA_DIR), starts the same service main.ts starts with
 * `--services=worker`, sends to SMTP_URL, and runs until killed. Prints `outbox empty` once no delivery is
 * pending any more (the test cannot read an embedded database this process holds open).
 */
import { openDatabase, pgliteDataDir } from '@trackwell/db';
import { parseEnv } from '../../src/config/env.ts';
import { lazyBoss } from '../../src/modules/jobs/boss.ts';
import { createNotificationService } from '../../src/modules/notifications/service.ts';
import { createSmtpTransport } from '../../src/modules/notifications/transport.ts';
import { storeOrigin } from '../../src/modules/tenants/public-urls.ts';

const env = parseEnv();
const db = await openDatabase({ url: env.DATABASE_URL, dataDir: pgliteDataDir(env.DATA_DIR), poolSize: 6 });
const log = {
  warn: (o: object, m: string) => process.stderr.write(`${m} ${JSON.stringify(o)}\n`),
  error: (o: object, m: string) => process.stderr.write(`${m} ${String((o as { err?: Error }).err)}\n`),
};
const service = createNotificationService({
  db,
  env,
  boss: lazyBoss(db, (e) => log.error({ err: e }, 'pg-boss'), { superviseSeconds: 2 }),
  transport: createSmtpTransport({ smtpUrl: env.SMTP_URL, connections: env.NOTIFICATIONS_SMTP_CONNECTIONS }),
  origin: (host) => storeOrigin(env.PUBLIC_URL_TEMPLATE, host, env.PORT),
  log,
});
await service.startWorker();
process.stdout.write('worker ready\n');
const watch = setInterval(() => {
  db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_deliveries WHERE status = 'pending'")
    .then(({ rows }) => {
      if (rows[0]?.n !== 0) return;
      clearInterval(watch);
      process.stdout.write('outbox empty\n');
    })
    .catch(() => {});
}, 250);
watch.unref();
process.on('SIGTERM', () => {
  service
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
