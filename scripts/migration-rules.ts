/**
 * Expand-then-contract (docs/upgrades.md): during a rolling upgrade the previous release's processes run on
 * the database the new release migrated, so a migration must leave everything the previous release reads and
 * writes working. `contractingChanges(sql)` names each statement of a migration that does not (a dropped or
 * renamed table or column, a changed type, a NOT NULL the previous release's inserts do not fill, a dropped
 * default, constraint, index, view, function or type). Such a step is allowed only in a later release than
 * its expand step, marked in the file with a line `-- contract-of: NNNN` naming that earlier migration
 * (scripts/migration-rules.test.ts checks that it shipped in the previous release or before).
 *
 * A static check of the SQL text: it reads statements, not the database, so a statement it cannot see
 * through (inside a DO block or a function body) is the author's and the reviewer's to judge.
 */

/** The version a `-- contract-of: NNNN` line names, if the migration has one. */
export function contractOf(sql: string): string | undefined {
  return /^--\s*contract-of:\s*(\d{4})\b/im.exec(sql)?.[1];
}

/** The SQL without comments, string literals and dollar-quoted bodies (their text is not statements). */
function code(sql: string): string {
  return sql
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Splits on `separator` outside parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

const ALWAYS: Array<[RegExp, string]> = [
  [/^DROP (TABLE|VIEW|MATERIALIZED VIEW|FUNCTION|PROCEDURE|TYPE|SCHEMA|SEQUENCE|TRIGGER)\b/i, 'drops a $1'],
  [/^DROP INDEX\b/i, 'drops an index (the previous release may name it, ON CONFLICT a unique one)'],
  [/^TRUNCATE\b/i, 'empties a table'],
  [/^ALTER TYPE \S+ (RENAME|DROP)\b/i, 'changes an enum type the previous release writes'],
];

/** What one ALTER TABLE clause contracts, if anything. */
function alterClause(clause: string, defaults: Set<string>): string | undefined {
  if (/^RENAME\b/i.test(clause)) return 'renames a table or column';
  if (/^DROP (COLUMN|CONSTRAINT)\b/i.test(clause))
    return `drops a ${/^DROP (\w+)/i.exec(clause)![1]!.toLowerCase()}`;
  const column = /^ALTER (?:COLUMN )?(\w+) (.*)$/i.exec(clause);
  if (column) {
    const [, name, change] = column as unknown as [string, string, string];
    if (/^(SET DATA )?TYPE\b/i.test(change)) return `changes the type of ${name}`;
    if (/^DROP DEFAULT\b/i.test(change)) return `drops the default of ${name}`;
    if (/^SET NOT NULL\b/i.test(change) && !defaults.has(name.toLowerCase()))
      return `makes ${name} NOT NULL without a default (the previous release's inserts leave it empty)`;
  }
  const added = /^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(\w+) (.*)$/i.exec(clause);
  if (added && !/^(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN|EXCLUDE)\b/i.test(clause.slice(4))) {
    const [, name, definition] = added as unknown as [string, string, string];
    if (/\bNOT NULL\b/i.test(definition) && !/\bDEFAULT\b|\bGENERATED\b/i.test(definition))
      return `adds ${name} NOT NULL without a default (the previous release's inserts leave it empty)`;
  }
  return undefined;
}

/**
 * The contracting statements of a migration, each as `what: the statement`. Tables the migration creates
 * itself are exempt (the previous release does not know them).
 */
export function contractingChanges(sql: string): string[] {
  const statements = splitTopLevel(code(sql), ';');
  const created = new Set(
    statements.flatMap((s) => /^CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?([\w.]+)/i.exec(s)?.[1] ?? []),
  );
  // Columns given a default anywhere in this migration: SET NOT NULL after a default is safe for old inserts.
  const defaults = new Set(
    [...code(sql).matchAll(/ALTER\s+(?:COLUMN\s+)?(\w+)\s+SET\s+DEFAULT\b/gi)].map((m) =>
      m[1]!.toLowerCase(),
    ),
  );
  const found: string[] = [];
  for (const statement of statements) {
    for (const [pattern, what] of ALWAYS) {
      const m = pattern.exec(statement);
      if (m) found.push(`${what.replace('$1', (m[1] ?? '').toLowerCase())}: ${statement.slice(0, 120)}`);
    }
    const alter = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([\w.]+) ([\s\S]*)$/i.exec(statement);
    if (!alter || created.has(alter[1]!)) continue;
    for (const clause of splitTopLevel(alter[2]!, ',')) {
      const what = alterClause(clause, defaults);
      if (what) found.push(`${what}: ALTER TABLE ${alter[1]} ${clause.slice(0, 100)}`);
    }
  }
  return found;
}
