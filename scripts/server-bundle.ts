import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder, stampOf } from './input-stamp.ts';

/**
 * The server's own modules (apps/server/src and packages/* /src, about 500 TypeScript files) as one bundle for
 * `npm start`, built only when one of them changed. Node loads each module of the graph from its own file and two
 * compile-cache entries: on a machine whose file calls are slow, 1.2–1.6 s of a 3.2–3.8 s warm start, where the
 * bundle (one file and its code cache) loads in 0.8–1.0 s (docs/benchmarks.md, 2026-12-02). The packages in node_modules stay
 * outside the bundle, each imported from the path Node resolves for the module that imports it, so every
 * module sees the same dependency as from its sources; `import.meta.url`, `dirname` and `filename` keep each
 * module's own (its migrations, fonts and workers are found beside its source). Tests and the CLIs run the
 * sources; `TRACKWELL_SERVER_BUNDLE=0` makes `npm start` run them too.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const ENTRY = join(ROOT, 'apps/server/src/main.ts');
/**
 * One directory per state of the sources, named by their hash: a server still running from an earlier bundle
 * keeps its lazily loaded chunks while a newer start builds its own. The newest few are kept.
 */
export const BUNDLES_DIR = join(ROOT, 'apps/server/.bundle');
const KEPT_BUNDLES = 5;
/** What the bundle is made of: the server's sources and manifest, each package's, and the lock file. */
const inputs = () => [
  'apps/server/src',
  'apps/server/package.json',
  ...readdirSync(join(ROOT, 'packages')).flatMap((name) => [
    `packages/${name}/src`,
    `packages/${name}/package.json`,
  ]),
  'package-lock.json',
];

/** A hash over this file, the checkout's place (the bundle names absolute paths), and every input's path, size and time. */
export function serverInputsHash(): string {
  const files = inputs().flatMap((input) => [...filesUnder(join(ROOT, input))]);
  return stampOf(ROOT, files, `${ROOT}\0${readFileSync(new URL(import.meta.url), 'utf8')}\n`);
}

const OWN_CODE = /\.[cm]?ts$/;
const META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const RESOLVE = /\bimport\.meta\.resolve\((['"])([^'"]+)\1\)/g;

/** `import.meta.url`, `.dirname` and `.filename` of one of our modules, written as its own values. */
export function keepModuleMeta(code: string, file: string): string {
  const values = {
    url: pathToFileURL(file).href,
    dirname: dirname(file),
    filename: file,
  };
  return code.replace(META, (_, key: keyof typeof values) => JSON.stringify(values[key]));
}

/** Builds the bundle into `outDir` (rolldown, which the portal's Vite build also runs on). */
export async function bundleServer(outDir: string): Promise<void> {
  const { build } = await import('rolldown');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    input: ENTRY,
    platform: 'node',
    logLevel: 'warn',
    plugins: [
      {
        name: 'trackwell-server',
        // A package of node_modules stays outside, imported by the file Node resolves for its importer.
        async resolveId(source, importer) {
          if (!importer || source.startsWith('.') || isAbsolute(source) || source.startsWith('node:'))
            return null;
          if (source.startsWith('@trackwell/')) return null;
          const resolved = await this.resolve(source, importer, { skipSelf: true });
          if (!resolved) return null;
          return { id: resolved.external ? source : resolved.id, external: true };
        },
        async transform(code, id) {
          if (!OWN_CODE.test(id) || id.includes('/node_modules/') || !code.includes('import.meta.'))
            return null;
          // import.meta.resolve('package'): the file Node resolves from this module, found now.
          let kept = keepModuleMeta(code, id);
          for (const [call, , specifier] of kept.matchAll(RESOLVE)) {
            const resolved = await this.resolve(specifier!, id, { skipSelf: true });
            if (!resolved || resolved.external) throw new Error(`${id}: cannot resolve ${specifier}`);
            kept = kept.replace(call, JSON.stringify(pathToFileURL(resolved.id).href));
          }
          return { code: kept, map: null };
        },
      },
    ],
    output: {
      dir: outDir,
      format: 'esm',
      sourcemap: true,
      sourcemapExcludeSources: true,
      entryFileNames: 'main.js',
    },
  });
}

/**
 * The bundle of the sources as they are now: built first when there is none (into a directory of its own,
 * renamed into place, so two starts at once each see a whole bundle), the oldest beyond the newest few removed.
 * Returns the file to import.
 */
export async function currentBundle(): Promise<string> {
  const dir = join(BUNDLES_DIR, serverInputsHash().slice(0, 16));
  const main = join(dir, 'main.js');
  if (existsSync(main)) return main;
  const building = `${dir}.${process.pid}.building`;
  await bundleServer(building);
  try {
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(main)) throw error; // else another start put the same bundle in place first
  }
  removeOldBundles(dir);
  return main;
}

function removeOldBundles(current: string) {
  const bundles = readdirSync(BUNDLES_DIR)
    .map((name) => join(BUNDLES_DIR, name))
    .filter((path) => path !== current && !path.endsWith('.building'))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of bundles.slice(KEPT_BUNDLES - 1)) rmSync(old, { recursive: true, force: true });
}

/**
 * The server's entry module (`startServer`) as `npm start` runs it: from the bundle of the sources as they are,
 * or from the sources themselves when the bundle is turned off or cannot be built (the reason is printed; the
 * start goes on).
 */
export async function loadServer(): Promise<typeof import('../apps/server/src/main.ts')> {
  return import(await serverEntry());
}

async function serverEntry(): Promise<string> {
  const sources = pathToFileURL(ENTRY).href;
  if (process.env.TRACKWELL_SERVER_BUNDLE === '0') return sources;
  try {
    const main = await currentBundle();
    process.setSourceMapsEnabled(true); // its errors' stacks name the sources' files and lines
    return pathToFileURL(main).href;
  } catch (error) {
    process.stderr.write(
      `The server's bundle could not be built (${(error as Error).message}); starting from its sources.\n`,
    );
    return sources;
  }
}

if (import.meta.main) process.stdout.write(`${relative(ROOT, await currentBundle())}\n`);
