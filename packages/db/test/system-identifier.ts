import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/client.ts';
import type { OpenDatabaseOptions } from '../src/database-handle.ts';

/**
 * The embedded database's system identifier, which initdb draws anew for each database it creates: a copy of
 * a kept cluster or template shares its source's, a database created by initdb has its own. Opens (and so
 * creates, when it is new) the database in `dataDir`.
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

/**
 * The same identifier read from a closed data directory's control file without starting PGlite (seconds on a
 * busy machine): `global/pg_control` begins with it, a 64-bit integer in the machine's byte order (PGlite's is
 * little-endian, whatever the host's).
 */
export function systemIdentifierOnDisk(dataDir: string): string {
  return readFileSync(join(dataDir, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString();
}
