import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refuseTrackedFiles, trackedFiles } from './tracked-files.ts';

/**
 * The repository's tracked-file rule: a database file, or a file over 1 MB outside the allow-list, fails
 * `npm run lint`. Planted in a scratch repository, then the real checkout.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trackwell-tracked-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const git = (...args: string[]) => spawnSync('git', args, { cwd: scratch, encoding: 'utf8' });
const check = () =>
  spawnSync(process.execPath, [join(ROOT, 'scripts/tracked-files.ts'), scratch], { encoding: 'utf8' });

describe('tracked files', () => {
  it('the checkout tracks no database file and nothing over 1 MB outside the allow-list', () => {
    expect(refuseTrackedFiles(trackedFiles(ROOT))).toEqual([]);
  });

  it('refuses a committed PGlite data directory and a large file, naming each; passes once they are gone', () => {
    git('init', '-q');
    mkdirSync(join(scratch, 'pglite/pg_wal'), { recursive: true });
    writeFileSync(join(scratch, 'pglite/PG_VERSION'), '17\n');
    writeFileSync(join(scratch, 'pglite/pg_wal/000000010000000000000001'), 'wal');
    writeFileSync(join(scratch, 'big.bin'), Buffer.alloc(1024 * 1024 + 1));
    writeFileSync(join(scratch, 'small.txt'), 'hello');
    writeFileSync(join(scratch, 'package-lock.json'), Buffer.alloc(1024 * 1024 + 1, 32));
    git('add', '.');

    const refused = check();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('pglite/PG_VERSION: a database file');
    expect(refused.stderr).toContain('pglite/pg_wal/000000010000000000000001: a database file');
    expect(refused.stderr).toMatch(/big\.bin: 1\.0 MB, over the 1 MB limit/);
    expect(refused.stderr).not.toContain('small.txt');
    expect(refused.stderr).not.toContain('package-lock.json'); // on the allow-list

    git('rm', '-r', '-q', '--cached', 'pglite', 'big.bin');
    const passed = check();
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
  });

  it('a backup of npm run db:backup is a database file wherever it is', () => {
    const backup = (path: string) => refuseTrackedFiles([{ path, bytes: 10 }]);
    expect(backup('trackwell-pglite-20261128T233912Z.tar.gz')).toHaveLength(1);
    expect(backup('tmp/trackwell-postgres-20261128T233912Z.dump')).toHaveLength(1);
    expect(backup('docs/trackwell-overview.tar.gz')).toEqual([]);
  });

  it('an SQLite file of any case is a database file', () => {
    expect(refuseTrackedFiles([{ path: 'x/cache.SQLite', bytes: 10 }])).toHaveLength(1);
    expect(refuseTrackedFiles([{ path: 'docs/database.md', bytes: 10 }])).toEqual([]);
  });
});
