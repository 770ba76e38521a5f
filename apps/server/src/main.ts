import { parseArgs } from 'node:util';
import {
  type DatabaseHandle,
  type DemoTemplate,
  keptPgliteCluster,
  listTenantHosts,
  migrate,
  openDatabase,
  pgliteDataDir,
} from '@trackwell/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Env, parseEnv, parseServices } from './config/env.ts';
import { assertProductionReady } from './config/production-checks.ts';
import { assertNoDemoAccounts } from './config/production-demo-accounts.ts';
import { type DemoData, demoOnFirstStart, demoTemplateFor } from './demo-data.ts';
import { collectGarbageNow, openedAgain } from './first-start-memory.ts';
import type { PublicUrls } from './modules/tenants/public-urls.ts';
import { listenMetrics } from './observability/metrics-routes.ts';
import { startTracing, stopTracing } from './observability/tracing.ts';

/**
 * Starts Trackwell: reads the configuration, opens and migrates the database, seeds the demo on first
 * start, builds the app, listens, and prints where to go. Drains on SIGINT/SIGTERM, then exits.
 */
export async function startServer(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { services: { type: 'string' } }, strict: true });
  const env = parseEnv();
  assertProductionReady(env); // before the database opens or a port listens
  const services = parseServices(values.services ?? env.SERVICES);
  // Traces only with a collector: otherwise nothing of OpenTelemetry is even loaded.
  await startTracing({
    serviceName: env.OTEL_SERVICE_NAME,
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampler: { name: env.OTEL_TRACES_SAMPLER, ratio: env.OTEL_TRACES_SAMPLER_ARG },
  });
  const logger =
    process.stdout.isTTY && env.LOG_LEVEL !== 'silent'
      ? { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: env.LOG_LEVEL };

  const template = demoTemplateFor(env);
  const databaseOptions = {
    url: env.DATABASE_URL,
    dataDir: pgliteDataDir(env.DATA_DIR),
    poolSize: env.DATABASE_POOL_SIZE,
    serveLocalClients: true, // PGlite: this machine's CLIs reach it through a private Unix socket
  };
  let db = await openDatabase({
    ...databaseOptions,
    template: template?.dir,
    // PGlite's blank cluster, copied by a new data directory that copies no demo template (pglite-template.ts)
    cluster: keptPgliteCluster(env.DEMO_TEMPLATE_DIR),
  });
  const { applied } = await migrate(db);
  await assertNoDemoAccounts(env, db).catch(async (error) => {
    await db.close();
    throw error;
  });
  const demo = await demoOnFirstStart(db, env, template);
  // A first start's PGlite instance grew its memory creating the database: a new one serves (first-start-memory.ts).
  if (demo === 'created') db = await openedAgain(db, () => openDatabase(databaseOptions));

  const app = await buildApp({ env, db, services, logger });
  // A rolling upgrade's SIGTERM drains (docs/upgrades.md): /readyz says draining for the grace while every
  // request is still served, then no new connection, the requests in flight finish, running jobs finish or
  // go back to the queue (onClose hooks); past SHUTDOWN_TIMEOUT_SECONDS the process exits 1. Ctrl-C
  // (SIGINT) in a terminal skips the grace: no load balancer is waiting for the readiness to change.
  const { totalMs } = app.drain.budget;
  let workerSoon: NodeJS.Timeout | undefined;
  closeWithGrace({ delay: totalMs }, async ({ err, signal }) => {
    clearTimeout(workerSoon); // a process stopped in its first second never starts its worker
    const graceMs = signal === 'SIGTERM' ? app.drain.budget.graceMs : 0;
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info(`${signal ?? 'close'}: draining for ${graceMs / 1000} s, then shutting down`);
    app.drain.begin();
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    await app.close();
    await db.close();
    await stopTracing(); // the spans still buffered go to the collector
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  await listenMetrics(app); // METRICS_PORT: Prometheus's own port
  // The worker (pg-boss jobs: e-mails, digests, webhooks) starts once the web answers: nothing a request does
  // waits for it (what a request queues is in the database, and the worker's first sweep finds it). Beside the
  // web it starts a second later: its start (loading pg-boss, a first fetch from every queue, the schedules) is
  // 0.5 s of the one thread and, on PGlite, of the one database connection, which the first requests and
  // readiness probes would wait behind (bench/startup). If it cannot start, the process fails.
  if (services.has('worker')) {
    if (services.has('web')) workerSoon = setTimeout(() => startWorkerOrExit(app), WORKER_START_DELAY_MS);
    else await app.notifications.startWorker();
  }
  await printBanner(env, db, app.publicUrls, { applied, demo, template, services: [...services] });
  if (demo === 'created') await collectGarbageNow(); // the seed's garbage, now rather than in 8–10 s
}

/** How long after the web listens a process that also serves the web starts its worker. */
const WORKER_START_DELAY_MS = 1000;

/** The worker's deferred start; if it fails, the process ends as a failed start does (start.ts). */
function startWorkerOrExit(app: { notifications: { startWorker(): Promise<void> } }): void {
  app.notifications.startWorker().catch((error: Error) => {
    process.stderr.write(`\nTrackwell could not start its worker: ${error.message}\n`);
    process.exit(1);
  });
}

async function printBanner(
  env: Env,
  db: DatabaseHandle,
  publicUrls: PublicUrls,
  info: { applied: string[]; demo: DemoData; template: DemoTemplate | undefined; services: string[] },
): Promise<void> {
  const seconds = (performance.now() / 1000).toFixed(1);
  const port = env.PORT === 80 ? '' : `:${env.PORT}`;
  const tenants = await listTenantHosts(db);
  const width = Math.max(...tenants.map((t) => t.name.length), 10);
  const lines = [
    '',
    `  Trackwell is ready in ${seconds} s (services: ${info.services.join(', ')})`,
    '',
    '  Stores',
    ...tenants.map((t) => `    ${t.name.padEnd(width)}  ${publicUrls.origin(t)}`),
    '',
    ...(await demoAccountLines(db, env, port, info.services)),
    `  Data      ${db.location}${demoNote(info)}`,
    ...(db.engine === 'pglite'
      ? ['            npm run db:seed, catalog:changes and demo:changes use it through this server meanwhile']
      : []),
    info.applied.length ? `  Migrated  ${info.applied.join(', ')}` : '',
    `  Reset     \`npm run db:reset\` while no server runs (the next start seeds the demo again)`,
    `  Health    http://localhost${port}/readyz`,
    '',
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

function demoNote({ demo, template }: { demo: DemoData; template: DemoTemplate | undefined }): string {
  if (demo === 'copied') return ` (demo data created now: a copy of ${template?.dir})`;
  if (demo === 'created') return ' (demo data created now)';
  return '';
}

/** The documented demo sign-in accounts (identity), when they exist in this database. */
async function demoAccountLines(
  db: DatabaseHandle,
  env: Env,
  port: string,
  services: string[],
): Promise<string[]> {
  if (!services.includes('idp')) return [];
  const { DEMO_USERS, DEMO_PASSWORD, demoLogin, storesWithDemoUsers, listDemoConsoleAccounts } = await import(
    '@trackwell/db/seed/demo-users'
  );
  const rows = await storesWithDemoUsers(db);
  const first = rows.find((r) => r.code !== 'trackwell') ?? rows[0];
  if (!first) return [];
  const width = Math.max(...DEMO_USERS.map((u) => demoLogin(u.local, first.code).length));
  return [
    `  Sign in   every demo store has these accounts (<name>@<store code>.example), password ${DEMO_PASSWORD}`,
    ...DEMO_USERS.map((u) => `            ${demoLogin(u.local, first.code).padEnd(width)}  ${u.what}`),
    ...consoleLines(await listDemoConsoleAccounts(db), port),
    ...mailLines(env, port),
    '',
  ];
}

/** The demo console accounts: the operator, and one store's administrator as the example. */
function consoleLines(accounts: Array<{ login: string; storeCode: string; role: string }>, port: string) {
  const operator = accounts.find((a) => a.role === 'platform_operator');
  const admin = accounts.find((a) => a.role === 'store_admin' && a.storeCode !== operator?.storeCode);
  // A database seeded before the demo had console accounts: the seed adds them (and the readers).
  if (!operator && !admin)
    return ['  Console   this database has no demo console accounts yet: `npm run db:seed` adds them'];
  const who = [
    ...(operator ? [`${operator.login} (every store)`] : []),
    ...(admin ? [`${admin.login.replace(`@${admin.storeCode}.`, '@<store>.')} (that store)`] : []),
  ];
  return [
    `  Console   ${who.join(', ')}, same password`,
    `            the console API is at http://localhost${port}/api/console/v1, see README "Try the console"`,
  ];
}

/** Where e-mail goes, and who may read the local inbox (DEV_MAIL_ACCESS). */
function mailLines(env: Env, port: string): string[] {
  if (env.SMTP_URL)
    return [`  Mail      relayed to ${new URL(env.SMTP_URL).host} (SMTP_URL: no local inbox)`];
  return [
    `  Mail      http://localhost${port}/_dev/mail (sign-in codes, links, "SMS" and change notifications land here)`,
    env.DEV_MAIL_ACCESS === 'any'
      ? '            open to every client (DEV_MAIL_ACCESS=any): anyone who reaches the server reads every reset link'
      : '            only from this machine (loopback clients; DEV_MAIL_ACCESS=any opens it to others)',
  ];
}

if (import.meta.main) {
  startServer().catch((error: Error) => {
    process.stderr.write(`\nTrackwell could not start: ${error.message}\n`);
    process.exit(1);
  });
}
