import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, keepModuleMeta } from './server-bundle.ts';

// `npm start` runs the server from a bundle of its own modules (scripts/server-bundle.ts); every start test
// (scripts/start.test.ts) and the browser journeys (e2e/server.ts) run it. Here: what the bundle must keep.

const ROOT = new URL('../', import.meta.url).pathname;

describe('the server bundle', () => {
  let dir: string;
  let out: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trackwell-bundle-'));
    out = join(dir, 'bundle');
    await bundleServer(out);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const chunks = () =>
    readdirSync(out)
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, code: readFileSync(join(out, name), 'utf8') }));

  it("gives each module its own import.meta.url, dirname and filename, not the bundle's", () => {
    const file = '/srv/trackwell/packages/db/src/migrate.ts';
    const code = [
      "new URL('../migrations/', import.meta.url)",
      "join(import.meta.dirname, 'fonts')",
      'import.meta.filename',
      'if (import.meta.main) run();',
    ].join('\n');
    expect(keepModuleMeta(code, file).split('\n')).toEqual([
      `new URL('../migrations/', "file:///srv/trackwell/packages/db/src/migrate.ts")`,
      `join("/srv/trackwell/packages/db/src", 'fonts')`,
      '"/srv/trackwell/packages/db/src/migrate.ts"',
      'if (import.meta.main) run();', // whether the bundle is the program is the bundle's own answer
    ]);
    // The bundle as built: the migrations are read from beside their source.
    const migrate = chunks().find(({ code }) => code.includes('const MIGRATIONS_DIR'));
    expect(migrate?.code).toContain(`"file://${ROOT}packages/db/src/migrate.ts"`);
    for (const { name, code } of chunks()) {
      expect(code, name).not.toMatch(/\bimport\.meta\.(url|dirname|filename|resolve)\b/);
    }
  });

  it('imports each package from the file Node resolves for the module that imports it', () => {
    const specifiers = chunks().flatMap(({ code }) =>
      [
        ...code.matchAll(/^(?:import|export)\b.*?\bfrom\s*"([^"]+)";?$/gm),
        ...code.matchAll(/^import\s*"([^"]+)";?$/gm),
        ...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
      ].map((m) => m[1]!),
    );
    expect(specifiers.length).toBeGreaterThan(50);
    const outside = specifiers.filter((s) => !s.startsWith('./') && !s.startsWith('node:'));
    for (const specifier of outside) {
      expect(
        specifier.startsWith(`${ROOT}node_modules/`) ||
          specifier.startsWith(`${ROOT}apps/server/node_modules/`),
        specifier,
      ).toBe(true);
      expect(existsSync(specifier), specifier).toBe(true);
    }
    // OpenTelemetry's SDK is a version of the server's own (apps/server/node_modules), not the root's.
    expect(outside.some((s) => s.startsWith(`${ROOT}apps/server/node_modules/@opentelemetry/`))).toBe(true);
  });

  it("names the sources' files in an error's stack", async () => {
    const probe = [
      'process.setSourceMapsEnabled(true);',
      `const { startServer } = await import(${JSON.stringify(join(out, 'main.js'))});`,
      "await startServer(['--services=nonsense']).catch((error) => console.log(error.stack));",
    ].join('\n');
    const stack = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--input-type=module', '-e', probe],
        { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
      ),
    );
    expect(stack).toContain('services: expected some of web, idp, worker, got "nonsense"');
    expect(stack).toMatch(/apps\/server\/src\/config\/env\.ts:\d+/);
  });
});
