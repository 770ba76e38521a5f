/**
 * `npm run db:seed [-- --scale N [--tenant CODE]]`
 *
 * Opens the database the way the server does (DATABASE_URL, else PGlite in ${DATA_DIR:-.data}/pglite), applies
 * the migrations, writes the demo tenants and catalogue (idempotent), and with --scale adds N synthetic users
 * with their trackings to one tenant. Exits non-zero, with the reason, on any failure.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { migrate } from '../migrate.ts';
import { DEMO_PASSWORD, seedDemoUsers } from '../seed/demo-users.ts';
import { DEMO_TENANTS, type SeedScaleProgress, seedDemo, seedScale } from '../seed/index.ts';
import { openDatabaseFromEnv, runCli } from './open-from-env.ts';

const USAGE = `Usage: npm run db:seed [-- --scale N [--tenant CODE]]

  --scale N        also add N synthetic users (bench-user-000001@example.test …), each tracking ~10 standards
  --tenant CODE    the tenant that gets them (default: trackwell)

Environment: DATABASE_URL=postgres://… to use a PostgreSQL server; otherwise PGlite in \${DATA_DIR:-.data}/pglite
(through the running server when \`npm start\` has it open).`;

class UsageError extends Error {
  override name = 'UsageError';
}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        scale: { type: 'string' },
        tenant: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

function parseCommandLine(argv: string[]): {
  scale: number | undefined;
  tenant: string | undefined;
  help: boolean;
} {
  const { scale, tenant, help } = parseOptions(argv);
  let users: number | undefined;
  if (scale !== undefined) {
    users = Number(scale.replace(/_/g, ''));
    if (!Number.isInteger(users) || users < 1)
      throw new UsageError(`--scale needs a whole number of users, got "${scale}"\n\n${USAGE}`);
  }
  return { scale: users, tenant, help: help ?? false };
}

/** A bar on a terminal; a line every ~10% (and at the end) when the output is a file or a CI log. */
function scaleProgressReporter(total: number): { update(p: SeedScaleProgress): void; stop(): void } {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format:
          '  {bar} {percentage}% | {value}/{total} users | {duration_formatted} elapsed, ETA {eta_formatted}',
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { update: (p) => bar.update(p.done), stop: () => bar.stop() };
  }
  let nextReport = 0;
  return {
    update(p) {
      if (p.done < nextReport && p.done < p.total) return;
      console.log(`  ${p.done.toLocaleString('en')} / ${p.total.toLocaleString('en')} users`);
      nextReport = p.done + Math.max(1, Math.ceil(p.total / 10));
    },
    stop() {},
  };
}

async function main(argv: string[]): Promise<void> {
  const args = parseCommandLine(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  // A PGlite data dir held by a running server is reached through that server's socket.
  const handle = await openDatabaseFromEnv();
  try {
    console.log(`Database: ${handle.location}`);
    const migrated = await migrate(handle);
    console.log(
      migrated.applied.length > 0
        ? `Migrations applied: ${migrated.applied.join(', ')}`
        : `Migrations: up to date (${migrated.alreadyApplied})`,
    );

    console.log('Demo tenants and catalogue:');
    const demo = await seedDemo(handle, {
      onProgress: (p) =>
        console.log(
          `  ${p.tenant.padEnd(10)} ${p.catalogue === 'inserted' ? 'catalogue written' : 'catalogue already there'}`,
        ),
    });
    console.log(`  done in ${(demo.durationMs / 1000).toFixed(1)} s`);
    const users = await seedDemoUsers(handle);
    console.log(
      `Demo sign-in accounts: ${users.created} created, ${users.present} already there (password ${DEMO_PASSWORD})`,
    );

    if (args.scale !== undefined) {
      console.log(
        `Scale seed: ${args.scale.toLocaleString('en')} users on tenant ${args.tenant ?? 'trackwell'}`,
      );
      const reporter = scaleProgressReporter(args.scale);
      let result: Awaited<ReturnType<typeof seedScale>>;
      try {
        result = await seedScale(handle, {
          users: args.scale,
          tenantCode: args.tenant,
          onProgress: reporter.update,
        });
      } finally {
        reporter.stop();
      }
      console.log(
        `  added ${result.users.inserted.toLocaleString('en')} users, ` +
          `${result.contentTrackings.toLocaleString('en')} tracked standards, ` +
          `${result.sourceTrackings.toLocaleString('en')} source trackings in ${(result.durationMs / 1000).toFixed(1)} s`,
      );
    }

    const port = process.env.PORT ?? '8080';
    console.log('\nTenants (after npm start):');
    for (const t of DEMO_TENANTS) {
      console.log(`  ${t.name.padEnd(28)} http://${t.hosts[0]}:${port}/`);
    }
  } finally {
    await handle.close();
  }
}

runCli(() => main(process.argv.slice(2)));
