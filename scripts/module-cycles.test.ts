import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCycles, folderOf } from './module-cycles.ts';

/**
 * The server's folders stay acyclic (scripts/module-cycles.ts): the real tree has no cycle, and the rule
 * fires on one planted in a scratch tree laid out like apps/server/src.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const SCRIPT = join(ROOT, 'scripts/module-cycles.ts');
const scratch = mkdtempSync(join(tmpdir(), 'trackwell-module-cycles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** A scratch `src` with these files (path → source). */
const tree = (files: Record<string, string>) => {
  const src = join(scratch, `tree${n++}/src`);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), `${source}\nexport const used = 1;\n`);
  }
  return src;
};
const run = (src: string) =>
  spawnSync(process.execPath, [SCRIPT, src], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

describe('server module cycles (scripts/module-cycles.ts)', () => {
  it('names the folder of a path: a module, another top-level folder, or a top-level file', () => {
    expect(folderOf('/s', '/s/modules/tracker/routes.ts')).toBe('modules/tracker');
    expect(folderOf('/s', '/s/modules/identity/authn/routes.ts')).toBe('modules/identity');
    expect(folderOf('/s', '/s/http/errors.ts')).toBe('http');
    expect(folderOf('/s', '/s/app.ts')).toBe('app.ts');
    expect(folderOf('/s', '/elsewhere/x.ts')).toBeUndefined();
  });

  it('the server as it is has no cycle between its folders', () => {
    const result = run(join(ROOT, 'apps/server/src'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fires on a cycle planted between modules, through different files, type-only and lazy imports too', () => {
    const src = tree({
      'app.ts': "import { a } from './modules/a/routes.ts';",
      'modules/a/routes.ts': "import type { B } from '../b/schemas.ts';",
      'modules/b/schemas.ts': "import { c } from '../c/deep/c.ts';",
      'modules/c/deep/c.ts': "const lazy = () => import('../../a/other.ts');",
      'modules/a/other.ts': "import { e } from '../../http/errors.ts';",
      'http/errors.ts': '',
      'modules/d/x.ts': "import { b } from '../b/schemas.ts';",
    });
    expect(folderCycles(src).map((c) => c.folders)).toEqual([['modules/a', 'modules/b', 'modules/c']]);
    const result = run(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('folder cycle: modules/a ⇄ modules/b ⇄ modules/c');
    expect(result.stderr).toContain('modules/c → modules/a   modules/c/deep/c.ts:1 imports ../../a/other.ts');
  });

  it('fires on a module and a shared folder importing each other', () => {
    const src = tree({
      'http/errors.ts': "import { x } from '../modules/m/x.ts';",
      'modules/m/x.ts': "import { e } from '../../http/errors.ts';",
    });
    expect(folderCycles(src).map((c) => c.folders)).toEqual([['http', 'modules/m']]);
    expect(run(src).status).toBe(1);
  });

  it('passes the same modules when the imports run one way', () => {
    const src = tree({
      'app.ts': "import { a } from './modules/a/routes.ts';\nimport { b } from './modules/b/schemas.ts';",
      'modules/a/routes.ts': "import type { B } from '../b/schemas.ts';",
      'modules/a/inner.ts': "import { r } from './routes.ts';",
      'modules/b/schemas.ts': "import { e } from '../../http/errors.ts';",
      'http/errors.ts': '',
    });
    expect(folderCycles(src)).toEqual([]);
    const result = run(src);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
