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
import { statementName } from './prepared-statements.ts';

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

/**
 * The messages of one exchange, for `query`'s caller: rows, the command's tag, the error if any, and whether a
 * statement was prepared (its Parse answered, even when a later message failed).
 */
function collect(answer: Buffer, onNotification: (message: NotificationResponseMessage) => void) {
  let fields: Array<{ name: string; parse: (value: string) => unknown }> = [];
  const rows: Record<string, unknown>[] = [];
  let tag = '';
  let error: (Error & { code?: string }) | undefined;
  let parsed = false;
  new Parser().parse(answer, (message: BackendMessage) => {
    switch (message.name) {
      case 'parseComplete':
        parsed = true;
        break;
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
  // "INSERT 0 3", "UPDATE 2", "SELECT 20": the rows the command touched; none for the others.
  const count = /\s(\d+)$/.exec(tag);
  return { rows, rowCount: count ? Number(count[1]) : rows.length, error, parsed };
}

/** SQLSTATE of a Bind naming a statement the session does not have (a socket client's DEALLOCATE ALL). */
const NO_SUCH_STATEMENT = '26000';

/**
 * A `query` for `client`. Outside a transaction it waits for PGlite's transaction lock, as PGlite's own `query`
 * does; inside one (`inTransaction`) the transaction holds that lock already. Notifications the statement
 * causes (a trigger's NOTIFY, delivered at its commit) go to `onNotification`. A hot statement (`prepare`) is
 * parsed once under its name (prepared-statements.ts) and then only bound and executed: PGlite plans it once.
 */
export function pipelinedQuery(
  client: PGlite,
  onNotification: (message: NotificationResponseMessage) => void,
) {
  /** The statements this process has prepared in PGlite's session. */
  const prepared = new Set<string>();
  return async <R>(
    text: string,
    params: readonly unknown[] = [],
    { inTransaction = false, prepare = false } = {},
  ): Promise<{ rows: R[]; rowCount: number }> => {
    const name = prepare ? statementName(text) : '';
    const values = params.map((v) => prepareValue(v));
    const exchange = () =>
      client.runExclusive(async () => {
        // Decided under PGlite's lock: a call that prepared the statement just before has it recorded.
        const parse = name === '' || !prepared.has(name);
        const message = Buffer.concat([
          ...(parse ? [serialize.parse({ name, text, types: [] })] : []),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P', name: '' }),
          serialize.execute({}),
          serialize.sync(),
        ]);
        const chunks: Buffer[] = [];
        await client.execProtocolRawStream(message, {
          syncToFs: !inTransaction,
          onRawData: (data) => {
            chunks.push(Buffer.from(data)); // a view into PGlite's memory: copied before its next trip
          },
        });
        const answer = collect(Buffer.concat(chunks), onNotification);
        if (name !== '' && answer.parsed) prepared.add(name);
        return { ...answer, parse };
      });
    const run = async () => {
      let answer = await exchange();
      if (answer.error?.code === NO_SUCH_STATEMENT && !answer.parse) {
        prepared.delete(name); // the session lost it: prepared again
        answer = await exchange();
      }
      return answer;
    };
    const { rows, rowCount, error } = inTransaction
      ? await run()
      : await (client as unknown as PgliteLocks)._runExclusiveTransaction(run);
    if (error) throw error;
    return { rows: rows as R[], rowCount };
  };
}
