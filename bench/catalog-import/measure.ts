import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { STANDARD_COLUMNS } from './data.ts';

/** Timing and memory of one phase, and the PostgreSQL COPY reference. */

export const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export interface Phase {
  name: string;
  rows: number;
  ms: number;
  rssPeak: number;
  /** What `rows` counts: rows (the default) or files (a ZIP batch). */
  unit?: string;
}

/** Runs `fn`, sampling the process's RSS every 20 ms; answers its time and peak. */
export async function measure(
  name: string,
  rows: number,
  fn: () => Promise<unknown>,
  unit = 'rows',
): Promise<Phase> {
  let rssPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  const phase = { name, rows, ms, rssPeak, unit };
  show(phase);
  return phase;
}

export const rate = (p: Phase) => (p.rows / p.ms) * 1000;

export function show(p: Phase) {
  const unit = p.unit ?? 'rows';
  log(
    `  ${p.name.padEnd(52)} ${p.rows.toLocaleString('en')} ${unit} in ${(p.ms / 1000).toFixed(2)} s: ` +
      `${Math.round(rate(p)).toLocaleString('en')} ${unit}/s, RSS peak ${mb(p.rssPeak)}`,
  );
}

/** The columns of the import's standards CSV, as a plain table (no key, index or trigger). */
const REFERENCE_TABLE = `CREATE TABLE IF NOT EXISTS copy_reference (${STANDARD_COLUMNS.map(
  (column) => `${column} ${column === 'published_on' ? 'date' : 'text'}`,
).join(', ')})`;

/** The CSV's columns that are lists or links in the catalogue (their own tables): text in the references. */
const NOT_IN_STANDARDS = ['ics_codes', 'industry_areas', 'replaced_by'];

/**
 * The same columns as a table shaped like `standards`: its keys, indexes, stored title vector and the
 * title-word trigger of migration 0009 (lists stay text), for a tenant of its own. COPY into it is what the
 * catalogue's own schema costs, whatever code loads it.
 */
const catalogueLikeTable = (tenantId: string) => `
  CREATE TABLE IF NOT EXISTS copy_catalogue
    (LIKE standards INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING IDENTITY INCLUDING INDEXES);
  ALTER TABLE copy_catalogue ALTER COLUMN tenant_id SET DEFAULT '${tenantId}',
    ${NOT_IN_STANDARDS.map((column) => `DROP COLUMN IF EXISTS ${column}, ADD COLUMN ${column} text`).join(', ')};
  CREATE OR REPLACE TRIGGER copy_catalogue_title_words AFTER INSERT ON copy_catalogue
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION standard_title_words_sync();`;

const COLUMNS = STANDARD_COLUMNS.join(', ');

/**
 * PostgreSQL `COPY … FROM STDIN (FORMAT csv, HEADER)` of the same file: into a plain table of the same
 * columns (`plain`), or into the catalogue-shaped table (`catalogue`, emptied first, with its title words).
 */
export async function copyReference(url: string, file: string, into: 'plain' | { catalogueOf: string }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = into === 'plain' ? 'copy_reference' : 'copy_catalogue';
    if (into === 'plain') await client.query(REFERENCE_TABLE);
    else {
      await client.query(catalogueLikeTable(into.catalogueOf));
      await client.query('DELETE FROM standard_title_words WHERE tenant_id = $1', [into.catalogueOf]);
    }
    await client.query(`TRUNCATE ${table}`);
    const copy = client.query(
      copyFrom(`COPY ${table} (${COLUMNS}) FROM STDIN WITH (FORMAT csv, HEADER true)`),
    );
    await pipeline(createReadStream(file), copy);
  } finally {
    await client.end();
  }
}

export const maxRss = () => mb(process.resourceUsage().maxRSS * 1024);
export { mb };
