import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  NotificationResponseMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { PG_TYPES } from './client-postgres.ts';

/**
 * One statement with its values through PGlite in one trip into its WebAssembly: Parse, Bind, Describe, Execute
 * and Sync in one buffer, as node-postgres sends them down a socket. PGlite's own `query` makes six trips (it
 * describes the statement first, to serialise each value by its type): about twice the time of a short query
 * (422 → 200 µs for a tracker list page's, the answer unparsed). The values go as text with their types left to
 * the server, and the answer's columns are parsed by the PostgreSQL client's own parsers (`PG_TYPES`): the
 * same values, types and errors as a query on PostgreSQL (client-postgres.ts).
 */

/** What PGlite does not declare of itself: the lock its `query` and `transaction` take. */
interface PgliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** node-postgres's own conversion of a value to its text for Bind (dates, arrays, JSON, bytes). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

const textParser = (oid: number) => PG_TYPES.getTypeParser(oid, 'text') as (value: string) => unknown;

/** The messages of one exchange, for `query`'s caller: rows, the command's tag, the error if any. */
function collect(answer: Buffer, onNotification: (message: NotificationResponseMessage) => void) {
  let fields: Array<{ name: string; parse: (value: string) => unknown }> = [];
  const rows: Record<string, unknown>[] = [];
  let tag = '';
  let error: Error | undefined;
  new Parser().parse(answer, (message: BackendMessage) => {
    switch (message.name) {
      case 'rowDescription':
        fields = (message as RowDescriptionMessage).fields.map((f) => ({
          name: f.name,
          parse: textParser(f.dataTypeID),
        }));
        break;
      case 'dataRow': {
        const values = (message as DataRowMessage).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const value = values[i];
          row[fields[i]!.name] = value === null || value === undefined ? null : fields[i]!.parse(value);
        }
        rows.push(row);
        break;
      }
      case 'commandComplete':
        tag = (message as CommandCompleteMessage).text;
        break;
      case 'error':
        error ??= message as unknown as Error;
        break;
      case 'notification':
        onNotification(message as NotificationResponseMessage);
        break;
    }
  });
  if (error) throw error;
  // "INSERT 0 3", "UPDATE 2", "SELECT 20": the rows the command touched; none for the others.
  const count = /\s(\d+)$/.exec(tag);
  return { rows, rowCount: count ? Number(count[1]) : rows.length };
}

/**
 * A `query` for `client`. Outside a transaction it waits for PGlite's transaction lock, as PGlite's own `query`
 * does; inside one (`inTransaction`) the transaction holds that lock already. Notifications the statement
 * causes (a trigger's NOTIFY, delivered at its commit) go to `onNotification`.
 */
export function pipelinedQuery(
  client: PGlite,
  onNotification: (message: NotificationResponseMessage) => void,
) {
  return async <R>(
    text: string,
    params: readonly unknown[] = [],
    { inTransaction = false } = {},
  ): Promise<{ rows: R[]; rowCount: number }> => {
    const message = Buffer.concat([
      serialize.parse({ text, types: [] }),
      serialize.bind({ values: params.map((v) => prepareValue(v)) }),
      serialize.describe({ type: 'P', name: '' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const chunks: Buffer[] = [];
    const run = () =>
      client.runExclusive(() =>
        client.execProtocolRawStream(message, {
          syncToFs: !inTransaction,
          onRawData: (data) => {
            chunks.push(Buffer.from(data)); // a view into PGlite's memory: copied before its next trip
          },
        }),
      );
    if (inTransaction) await run();
    else await (client as unknown as PgliteLocks)._runExclusiveTransaction(run);
    const { rows, rowCount } = collect(Buffer.concat(chunks), onNotification);
    return { rows: rows as R[], rowCount };
  };
}
