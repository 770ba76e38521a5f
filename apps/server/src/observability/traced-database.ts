import type { DatabaseHandle, SqlExecutor } from '@trackwell/db';
import { inSpan, insideSpan } from './spans.ts';

/**
 * PGlite runs in the process (no driver for instrumentation-pg to patch): the handle's queries, in and out of
 * transactions, get a span of our own, like instrumentation-pg's on PostgreSQL: the statement's text (its
 * parameters never), made only under a request's or a job's span. pg-boss's own queries (through the driver)
 * are left out, as its polling is on PostgreSQL.
 */
export function traceQueries(db: DatabaseHandle): DatabaseHandle {
  if (db.engine !== 'pglite') return db;
  return {
    ...db,
    query: traced(db.query.bind(db)),
    transaction: (fn) => db.transaction((tx) => fn({ ...tx, query: traced(tx.query.bind(tx)) })),
  };
}

const MAX_TEXT = 2000;

function traced(query: SqlExecutor['query']): SqlExecutor['query'] {
  return (text, params, options) => {
    if (!insideSpan()) return query(text, params, options);
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const attributes = {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
      'trackwell.db.engine': 'pglite',
    };
    return inSpan(`${operation} pglite`, { kind: 'CLIENT', attributes }, () => query(text, params, options));
  };
}
