import { openDatabase } from '../src/client.ts';
import type { OpenDatabaseOptions } from '../src/database-handle.ts';

/**
 * The embedded database's system identifier, which initdb draws anew for each database it creates: a copy of
 * a kept cluster or template shares its source's, a database created by initdb has its own.
 */
export async function systemIdentifier(
  dataDir: string,
  options: Pick<OpenDatabaseOptions, 'cluster' | 'template'> = {},
): Promise<string> {
  const db = await openDatabase({ dataDir, ...options });
  try {
    const { rows } = await db.query<{ id: string }>(
      'SELECT system_identifier::text AS id FROM pg_control_system()',
    );
    return rows[0]!.id;
  } finally {
    await db.close();
  }
}
