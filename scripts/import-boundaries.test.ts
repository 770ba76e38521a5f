import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureCrossings } from './feature-boundaries.ts';

/**
 * The one-way import rule (architecture guide): portal → contracts only; packages never import apps; and no
 * file imports itself back through others (Biome's noImportCycles, type-only imports included). Each case
 * lints files laid out like the repository, in a scratch copy that uses the real biome.json.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trackwell-boundaries-'));
const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
delete config.$schema;
config.vcs = { enabled: false };
writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
const lint = (path: string, source: string) => {
  const file = join(scratch, path.replace(/\.ts$/, `${n++}.ts`));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  return spawnSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', file], { cwd: scratch, encoding: 'utf8' });
};

describe('import boundaries (Biome)', () => {
  it.each([
    ['apps/portal/src/x.ts', "import { openDatabase } from '@trackwell/db';"],
    ['apps/portal/src/x.ts', "import { createTestDatabase } from '@trackwell/db/testing';"],
    ['apps/portal/src/x.ts', "import { buildApp } from '../../server/src/app.ts';"],
    ['apps/portal/src/x.ts', "import Fastify from 'fastify';"],
    ['packages/db/src/x.ts', "import { buildApp } from '@trackwell/server/app';"],
    ['packages/db/src/x.ts', "import { buildApp } from '../../../apps/server/src/app.ts';"],
    ['packages/contracts/src/x.ts', "import { openDatabase } from '@trackwell/db';"],
    ['packages/contracts/src/x.ts', "import { readFileSync } from 'node:fs';"],
    ['packages/db/src/x.ts', "import { compileNotification } from '@trackwell/email';"],
    ['packages/email/src/x.ts', "import { openDatabase } from '@trackwell/db';"],
    ['packages/email/src/x.ts', "import { seedDemo } from '../../db/src/seed/index.ts';"],
    ['apps/server/src/modules/m/x.ts', "import { buildApp } from '../../app.ts';"],
    ['apps/server/src/modules/m/sub/x.ts', "import { main } from '../../../main.ts';"],
  ])('%s may not: %s', (path, source) => {
    const result = lint(path, `${source}\nexport const used = [];\n`);
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/noRestrictedImports/);
  });

  it.each([
    ['apps/portal/src/x.ts', "import { tenantConfig } from '@trackwell/contracts';"],
    ['apps/server/src/x.ts', "import { openDatabase } from '@trackwell/db';"],
    ['packages/db/src/x.ts', "import { tenantConfig } from '@trackwell/contracts';"],
    ['packages/email/src/x.ts', "import { tenantConfig } from '@trackwell/contracts';"],
    ['packages/email/test/x.ts', "import { buildTenantDefinition } from '@trackwell/db/testing';"],
    ['apps/server/src/modules/m/x.ts', "import { openDatabase } from '@trackwell/db';"],
    ['apps/server/src/app.ts', "import { routes } from './modules/m/routes.ts';"],
  ])('%s may: %s', (path, source) => {
    const result = lint(path, `${source}\nexport const used = [];\n`);
    expect(result.stderr + result.stdout).not.toMatch(/noRestrictedImports/);
  });

  it.each([
    ['apps/portal/src/app', "import type { Handle } from './b.ts';", "import { a } from './a.ts';"],
    ['apps/server/src/modules/m', "import { b } from './b.ts';", "import { a } from './a.ts';"],
  ])('%s: a loop of two files is refused (noImportCycles)', (folder, importB, importA) => {
    const dir = join(scratch, `${folder}${n++}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'a.ts'),
      `${importB}\nexport const a = 1;\nexport type Used = ${importB.includes('type') ? 'Handle' : 'typeof b'};\n`,
    );
    writeFileSync(
      join(dir, 'b.ts'),
      `${importA}\nexport type Handle = { n: number };\nexport const b = a;\n`,
    );
    const result = spawnSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', dir], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/noImportCycles/);
  });

  it('the same two files without the way back pass', () => {
    const dir = join(scratch, `apps/portal/src/lib${n++}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = b;\n");
    writeFileSync(join(dir, 'b.ts'), 'export const b = 1;\n');
    const result = spawnSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', dir], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(result.stderr + result.stdout).not.toMatch(/noImportCycles/);
  });
});

describe('the portal’s feature boundary (scripts/feature-boundaries.ts)', () => {
  const portal = join(scratch, `portal${n++}/src`);
  const write = (path: string, source: string) => {
    mkdirSync(dirname(join(portal, path)), { recursive: true });
    writeFileSync(join(portal, path), `${source}\nexport const used = 1;\n`);
  };
  write('features/tenant/index.ts', "export { x } from './lib/x.ts';");
  write('features/tenant/lib/x.ts', "import { y } from './y.ts';");
  write('features/tenant/lib/y.ts', '');
  write('features/signin/components/deep.tsx', "import { x } from '../../tenant/lib/x.ts';");
  write('features/signin/routes.tsx', "const lazy = () => import('../tenant/lib/y.ts');");
  write('features/signin/lib/through-index.ts', "import { x } from '../../tenant/index.ts';");
  write('features/signin/lib/own.ts', "import { deep } from '../components/deep.tsx';");
  write('app/router.tsx', "import { x } from '../features/tenant/lib/x.ts';");
  write('lib/shared.ts', "import { x } from '../features/tenant/index.ts';");

  it('names each import that reaches past another feature’s index.ts, static or lazy, and nothing else', () => {
    expect(featureCrossings(portal).map((c) => `${c.file}:${c.line} ${c.specifier}`)).toEqual([
      'features/signin/components/deep.tsx:1 ../../tenant/lib/x.ts',
      'features/signin/routes.tsx:1 ../tenant/lib/y.ts',
    ]);
  });

  it('the portal as it is crosses no feature boundary', () => {
    expect(featureCrossings(join(ROOT, 'apps/portal/src'))).toEqual([]);
  });
});
