import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrations } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import { contractingChanges, contractOf } from './migration-rules.ts';

/**
 * Expand-then-contract (docs/upgrades.md): what the rule calls contracting, and the migrations added since
 * the previous release (release/previous) held to it; the previous release's migrations are a prefix of
 * this one's, unedited.
 */

const ROOT = new URL('../', import.meta.url).pathname;
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

describe('what a migration may do while the previous release still runs', () => {
  it.each([
    ['DROP TABLE old_things;', 'drops a table'],
    ['ALTER TABLE users DROP COLUMN locale;', 'drops a column'],
    ['ALTER TABLE users RENAME COLUMN login TO email;', 'renames'],
    ['ALTER TABLE users RENAME TO people;', 'renames'],
    ['ALTER TABLE users ALTER COLUMN locale TYPE varchar(5);', 'changes the type of locale'],
    ['ALTER TABLE users ALTER locale SET DATA TYPE text;', 'changes the type of locale'],
    ['ALTER TABLE users ALTER COLUMN locale SET NOT NULL;', 'makes locale NOT NULL'],
    ['ALTER TABLE users ADD COLUMN nick text NOT NULL;', 'adds nick NOT NULL without a default'],
    ['ALTER TABLE users ADD COLUMN a int, ADD COLUMN b numeric(10, 2) NOT NULL;', 'adds b NOT NULL'],
    ['ALTER TABLE users ALTER COLUMN locale DROP DEFAULT;', 'drops the default of locale'],
    ['ALTER TABLE users DROP CONSTRAINT users_login_key;', 'drops a constraint'],
    ['DROP INDEX users_login_idx;', 'drops an index'],
    ['DROP FUNCTION notify_change();', 'drops a function'],
    ["ALTER TYPE status RENAME VALUE 'a' TO 'b';", 'changes an enum type'],
    ['TRUNCATE sessions;', 'empties a table'],
  ])('calls %s contracting', (sql, what) => {
    const found = contractingChanges(sql);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(what);
  });

  it.each([
    [
      'a new table, altered and indexed in the same migration',
      `CREATE TABLE things (id int);
      ALTER TABLE things ADD COLUMN name text NOT NULL, DROP COLUMN id; CREATE INDEX things_idx ON things (name);`,
    ],
    ['a nullable column', 'ALTER TABLE users ADD COLUMN nick text;'],
    ['a NOT NULL column with a default', "ALTER TABLE users ADD COLUMN kind text NOT NULL DEFAULT 'user';"],
    [
      'NOT NULL after a default is set',
      `ALTER TABLE identity_keys ALTER COLUMN published_at SET DEFAULT now();
      ALTER TABLE identity_keys ALTER COLUMN published_at SET NOT NULL;`,
    ],
    ['a dropped NOT NULL', 'ALTER TABLE users ALTER COLUMN locale DROP NOT NULL;'],
    ['a new constraint or check', 'ALTER TABLE users ADD CONSTRAINT users_x CHECK (x > 0);'],
    ['words in comments and strings', "-- DROP TABLE users;\nINSERT INTO notes VALUES ('DROP TABLE users');"],
    [
      'a function body',
      'CREATE FUNCTION f() RETURNS void AS $$ BEGIN DROP TABLE tmp; END $$ LANGUAGE plpgsql;',
    ],
  ])('lets %s through', (_what, sql) => {
    expect(contractingChanges(sql)).toEqual([]);
  });

  it('reads the contract marker that names the expand step', () => {
    expect(
      contractOf(
        '-- Drops users.nick, unread since 0041.\n-- contract-of: 0041\nALTER TABLE users DROP COLUMN nick;',
      ),
    ).toBe('0041');
    expect(contractOf('ALTER TABLE users DROP COLUMN nick;')).toBeUndefined();
  });
});

describe('the migrations since the previous release (release/previous)', () => {
  const previous = readFileSync(join(ROOT, 'release/previous'), 'utf8').trim();
  const shipped = (() => {
    try {
      return git('ls-tree', '--name-only', `${previous}:packages/db/migrations`)
        .split('\n')
        .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f));
    } catch {
      throw new Error(
        `release/previous names ${previous}, which this clone lacks: fetch the full history (git fetch --unshallow)`,
      );
    }
  })();
  const current = readMigrations();

  it("keeps the previous release's migrations, unedited: they are a prefix of this release's", () => {
    const currentNames = current.map((m) => `${m.name}.sql`);
    expect(currentNames.slice(0, shipped.length)).toEqual(shipped);
    for (const file of shipped)
      expect(readFileSync(join(ROOT, 'packages/db/migrations', file), 'utf8'), file).toBe(
        git('show', `${previous}:packages/db/migrations/${file}`),
      );
  });

  it('adds only what the previous release can run beside, or a contract step whose expand step shipped before', () => {
    const shippedVersions = new Set(shipped.map((f) => f.slice(0, 4)));
    const refused = current
      .filter((m) => !shipped.includes(`${m.name}.sql`))
      .flatMap((m) => {
        const expand = contractOf(m.sql);
        if (expand && shippedVersions.has(expand)) return [];
        const why = expand ? ` (its expand step ${expand} did not ship in the previous release)` : '';
        return contractingChanges(m.sql).map((c) => `${m.name}${why}: ${c}`);
      });
    expect(refused).toEqual([]);
  });
});
