import type { DatabaseHandle } from '@trackwell/db';

/**
 * What a machine's first start (the embedded database created, migrated and the demo seeded in this process)
 * would otherwise keep for the life of the process, given back before and just after it serves
 * (bench/startup: 310–540 MB 5 s after ready without this, 263–288 MB with it; a later start holds 250–280).
 *
 * - PGlite's WebAssembly memory only grows: the pages its instance touched while creating the database
 *   (initdb), migrating it and writing the demo stay resident while the instance lives. So once the demo is
 *   seeded, the data directory is opened again in a new instance, as every later start opens it (0.1–0.4 s),
 *   and the grown one is closed, to be collected with the rest.
 * - The seed's garbage and that closed instance would wait in V8's heap for its memory reducer, which runs
 *   about 8–10 s after start; they are collected once the server answers instead: one full collection
 *   (0.15 s on two cores), once per machine.
 */

/** The same database in a new PGlite instance (`open` opens it as a later start does); PostgreSQL: `db`. */
export async function openedAgain(
  db: DatabaseHandle,
  open: () => Promise<DatabaseHandle>,
): Promise<DatabaseHandle> {
  if (db.engine !== 'pglite') return db;
  await db.close(); // releases the data directory, its lock and its socket for the new instance
  return open();
}

/** One full garbage collection now (through the inspector: no Node flag needed); quietly nothing if refused. */
export async function collectGarbageNow(): Promise<void> {
  try {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    try {
      await session.post('HeapProfiler.collectGarbage');
    } finally {
      session.disconnect();
    }
  } catch {
    // An inspector-less build of Node: V8's memory reducer collects it a few seconds later.
  }
}
