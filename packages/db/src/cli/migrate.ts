import { migrate } from '../migrate.ts';
import { openDatabaseFromEnv, runCli } from './open-from-env.ts';

/** `npm run db:migrate`: applies pending migrations; exits non-zero with the error if one fails. */
runCli(async () => {
  const db = await openDatabaseFromEnv();
  try {
    const { applied, alreadyApplied } = await migrate(db);
    process.stdout.write(
      `${db.location}: ${applied.length ? `applied ${applied.join(', ')}` : 'nothing to apply'}` +
        ` (${alreadyApplied} already applied)\n`,
    );
  } finally {
    await db.close();
  }
});
