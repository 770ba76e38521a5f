import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client.ts';
import { migrate } from '../src/migrate.ts';
import { demoTemplate, demoTemplateKey, pgliteCluster, saveDemoTemplate } from '../src/pglite-template.ts';
import { testEngine } from '../src/testing.ts';
import { systemIdentifier, systemIdentifierOnDisk } from './system-identifier.ts';

// The demo template: a first start's copy of its seeded embedded database, which a start on an empty data
// directory copies instead of creating and seeding the database again. A migrated database with a marker row
// stands in for the seeded one here (the copy does not look at what is in it).

const markers = async (dataDir: string, template?: string) => {
  const db = await openDatabase({ dataDir, template });
  try {
    const { rows } = await db.query<{ note: string }>('SELECT note FROM template_marker ORDER BY note');
    return { fromTemplate: db.fromTemplate, notes: rows.map((r) => r.note) };
  } finally {
    await db.close();
  }
};

describe.runIf(testEngine() === 'pglite')('the demo template of the embedded database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'trackwell-template-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an empty data directory starts as a copy of the template; one with a database never does', async () => {
    const template = demoTemplate(join(dir, 'cache'), 'thiscode');
    // A copy older code made, and one another start is saving right now.
    mkdirSync(join(dir, 'cache', 'pglite-demo-oldcode'), { recursive: true });
    mkdirSync(join(dir, 'cache', 'pglite-demo-thiscode.partial-1'));
    const first = join(dir, 'first');
    const db = await openDatabase({ dataDir: first, template: template.dir });
    try {
      expect(db.fromTemplate).toBe(false); // there is none yet
      await migrate(db);
      await db.exec(
        `CREATE TABLE template_marker (note text); INSERT INTO template_marker VALUES ('seeded')`,
      );
      await saveDemoTemplate(db, template, first);
      // Written after the copy: not in it.
      await db.query(`INSERT INTO template_marker VALUES ('first start only')`);
    } finally {
      await db.close();
    }
    const kept = readdirSync(template.dir);
    expect(kept).toContain('PG_VERSION');
    expect(kept).not.toContain('trackwell.lock'); // the holder's files are not part of the database
    expect(kept).not.toContain('postmaster.pid');
    expect(readdirSync(join(dir, 'cache')).sort()).toEqual([
      'pglite-demo-thiscode',
      'pglite-demo-thiscode.partial-1',
    ]);

    const second = join(dir, 'second');
    expect(await markers(second, template.dir)).toEqual({ fromTemplate: true, notes: ['seeded'] });
    // The copy is a database of its own: what it writes reaches neither the template nor the first.
    const db2 = await openDatabase({ dataDir: second, template: template.dir });
    await db2.query(`INSERT INTO template_marker VALUES ('second')`);
    await db2.close();
    expect(await markers(second, template.dir)).toEqual({ fromTemplate: false, notes: ['second', 'seeded'] });
    expect(await markers(first, template.dir)).toEqual({
      fromTemplate: false,
      notes: ['first start only', 'seeded'],
    });
    expect(await markers(join(dir, 'third'), template.dir)).toEqual({
      fromTemplate: true,
      notes: ['seeded'],
    });
  }, 180_000);

  it('a template that is not there leaves the database to be created as without one', async () => {
    const db = await openDatabase({ dataDir: join(dir, 'none'), template: join(dir, 'no-such-template') });
    try {
      expect(db.fromTemplate).toBe(false);
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});

// The blank cluster: what PGlite's initdb made, kept once per PGlite version, which a new data directory copies
// instead of running initdb. A copy shares its cluster's system identifier (initdb draws a new one each time).
describe.runIf(testEngine() === 'pglite')('the blank cluster of the embedded database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'trackwell-cluster-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the first new database keeps it; later new ones are copies of it, their own databases', async () => {
    const cache = join(dir, 'cache');
    const cluster = pgliteCluster(cache);
    // A cluster an older PGlite kept, and one another start is keeping right now.
    mkdirSync(join(cache, 'pglite-cluster-0.0.1'), { recursive: true });
    mkdirSync(`${cluster}.partial-1`);
    const first = await systemIdentifier(join(dir, 'first'), { cluster });
    expect(systemIdentifierOnDisk(cluster)).toBe(first); // the control file says what PostgreSQL says
    const kept = readdirSync(cluster);
    expect(kept).toContain('PG_VERSION');
    expect(kept).not.toContain('trackwell.lock');
    expect(kept).not.toContain('postmaster.pid');
    expect(readdirSync(cache).sort()).toEqual([
      cluster.split('/').at(-1),
      `${cluster.split('/').at(-1)}.partial-1`,
    ]);

    const second = join(dir, 'second');
    expect(await systemIdentifier(second, { cluster })).toBe(first);
    const db = await openDatabase({ dataDir: second, cluster });
    try {
      await db.exec('CREATE TABLE written_by_second (x int); INSERT INTO written_by_second VALUES (1)');
    } finally {
      await db.close();
    }
    // What the copy wrote is its own: a third copy starts blank again.
    const third = await openDatabase({ dataDir: join(dir, 'third'), cluster });
    try {
      const { rows } = await third.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await third.close();
    }
    // Without one, initdb runs: another cluster.
    expect(await systemIdentifier(join(dir, 'own'))).not.toBe(first);
  }, 180_000);

  it('a demo template, when there is one, is copied rather than the cluster', async () => {
    const cache = join(dir, 'both');
    const cluster = pgliteCluster(cache);
    const fromCluster = await systemIdentifier(join(dir, 'with-cluster'), { cluster });
    const template = demoTemplate(cache, 'thiscode');
    const seeded = join(dir, 'seeded');
    const db = await openDatabase({ dataDir: seeded });
    try {
      await saveDemoTemplate(db, template, seeded);
    } finally {
      await db.close();
    }
    const id = await systemIdentifier(join(dir, 'from-template'), { cluster, template: template.dir });
    expect(id).not.toBe(fromCluster);
    expect(id).toBe(systemIdentifierOnDisk(seeded));
  }, 180_000);
});

describe('the demo template name', () => {
  it('changes with the content of any source file, and only then', () => {
    const sources = mkdtempSync(join(tmpdir(), 'trackwell-template-sources-'));
    try {
      mkdirSync(join(sources, 'migrations'));
      writeFileSync(join(sources, 'migrations', '0001.sql'), 'CREATE TABLE a (x int);');
      const before = demoTemplateKey([sources]);
      expect(demoTemplateKey([sources])).toBe(before);
      writeFileSync(join(sources, 'migrations', '0001.sql'), 'CREATE TABLE a (x bigint);');
      const edited = demoTemplateKey([sources]);
      expect(edited).not.toBe(before);
      writeFileSync(join(sources, 'migrations', '0002.sql'), '');
      expect(demoTemplateKey([sources])).not.toBe(edited);
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  });

  it("is this code's by default: the package's migrations and sources", () => {
    expect(demoTemplateKey()).toMatch(/^[0-9a-f]{16}$/);
    expect(demoTemplateKey()).toBe(demoTemplateKey());
  });
});
