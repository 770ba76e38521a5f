import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import {
  CHANNEL,
  type DatabaseHandle,
  type OpenDatabaseOptions,
  type SqlExecutor,
} from './database-handle.ts';
import { pipelinedQuery } from './pglite-pipelined.ts';
import { copyTemplateInto, hasPgliteDatabase, saveCluster } from './pglite-template.ts';
import { SOCKET_FILE, servePgliteOnSocket } from './pglite-wire-server.ts';

/**
 * PGlite (PostgreSQL in WebAssembly, in this process) as a DatabaseHandle: its data directory locked to this
 * process, and, for the running server, served to the CLIs on a Unix socket.
 */

/**
 * Where a server serves its PGlite: `<dataDir>-socket/.s.PGSQL.5432`, or, when that path is longer than a
 * Unix socket address allows (108 bytes), a private directory under the system's temporary directory.
 * Either way the lock file records it.
 */
function socketDirFor(dataDir: string): { dir: string; temporary: boolean } {
  const dir = `${dataDir}-socket`;
  if (Buffer.byteLength(`${dir}/${SOCKET_FILE}`) < 104) return { dir, temporary: false };
  return { dir: mkdtempSync(join(tmpdir(), 'trackwell-')), temporary: true };
}

/**
 * PGlite's own default is 160 MB of shared buffers, in its WebAssembly memory, which is touched as pages are
 * read or written and never given back: a large catalogue import filled them all. The pages are also in
 * the file system's cache (or, in memory, in its files), so a smaller pool costs the process less and, by
 * bench/catalog-import, the import no speed.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** In a data directory or in memory; from a dump (`loadDataDir`) into memory or an empty data directory. */
const createOptions = (dataDir: string | undefined, loadDataDir: Blob | undefined) => ({
  ...(dataDir ? { dataDir } : {}),
  ...(loadDataDir ? { loadDataDir } : {}),
  startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
});

/**
 * The data directory, locked for this process, and started as a copy of `template`, else of `cluster`, when it
 * has no database yet; nothing for a database in memory. `creates`: PGlite will run initdb in it.
 */
function holdDataDir(options: OpenDatabaseOptions) {
  const none = {
    dataDir: undefined,
    release: () => {},
    advertise: () => {},
    fromTemplate: false,
    creates: false,
  };
  if (options.memory) return none;
  if (!options.dataDir) throw new Error('A PGlite database needs a data directory (or memory: true)');
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const { release, advertise } = lockDataDir(dataDir);
  const copyOf = (source: string | undefined) =>
    source && !options.loadDataDir ? copyTemplateInto(source, dataDir) : false;
  const fromTemplate = copyOf(options.template);
  if (!fromTemplate) copyOf(options.cluster);
  const creates = !options.loadDataDir && !hasPgliteDatabase(dataDir);
  return { dataDir, release, advertise, fromTemplate, creates };
}

/** Keeps the cluster PGlite's initdb just made; a failure only costs a later new data directory its initdb. */
async function keepBlankCluster(client: PGlite, dataDir: string, cluster: string): Promise<void> {
  await saveCluster(client, dataDir, cluster).catch((error: Error) =>
    process.stderr.write(
      `Could not keep a copy of the new embedded database in ${cluster} (${error.message}); ` +
        'the next new data directory runs initdb again.\n',
    ),
  );
}

export async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { dataDir, release, advertise, fromTemplate, creates } = holdDataDir(options);
  let client: PGlite;
  try {
    client = await PGlite.create(createOptions(dataDir, options.loadDataDir));
  } catch (error) {
    release();
    throw error;
  }
  if (creates && dataDir && options.cluster) await keepBlankCluster(client, dataDir, options.cluster);
  let stopServing = async () => {};
  if (options.serveLocalClients && dataDir) {
    const socket = socketDirFor(dataDir);
    try {
      const server = await servePgliteOnSocket(client, socket.dir, {
        onError: (error) => process.stderr.write(`embedded database socket: ${error.message}\n`),
      });
      advertise(server.path);
      stopServing = async () => {
        advertise(undefined);
        await server.close();
        if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
      };
    } catch (error) {
      await client.close().catch(() => {});
      release();
      throw error;
    }
  }
  // What this process listens to: notifications come with the answer of the statement that caused them.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const pipelined = pipelinedQuery(client, ({ channel, payload }) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  });
  const query: SqlExecutor['query'] = (text, params, options) => pipelined(text, params, options);
  return {
    engine: 'pglite',
    location: dataDir ? `PGlite (embedded PostgreSQL) in ${dataDir}` : 'PGlite (in memory)',
    fromTemplate,
    driver: { engine: 'pglite', client },
    query,
    async exec(script) {
      await client.exec(script);
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: (text, params, options) => pipelined(text, params, { ...options, inTransaction: true }),
          async exec(script) {
            await tx.exec(script);
          },
        }),
      ),
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      const own = listeners.get(channel) ?? new Set();
      const listener = (payload: string) => onNotify(payload);
      own.add(listener);
      listeners.set(channel, own);
      return async () => {
        own.delete(listener);
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      try {
        await stopServing(); // clients' open transactions roll back first
        await client.close();
      } finally {
        release();
      }
    },
  };
}
