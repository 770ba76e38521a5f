import { createHash } from 'node:crypto';

/**
 * The name a hot statement (`QueryOptions.prepare`) is prepared under on a connection: made from its text, so
 * one text is one statement, and from this process's id, since on PGlite this process and the CLIs it serves
 * on its socket share one session (pglite-wire-server.ts), where a name prepared twice is an error.
 * PostgreSQL keeps a prepared statement for its connection's life; behind a transaction-mode pooler that
 * needs PgBouncer 1.21 or later with `max_prepared_statements` set (docs/configuration.md).
 */
const names = new Map<string, string>();
/** Texts named so far are remembered up to this many (a bound, should a caller build texts without end). */
const MAX_NAMES = 1000;

export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `tw${process.pid}_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}
