/**
 * The portal's feature boundary: a file of one feature (`apps/portal/src/features/<name>/…`)
 * imports another feature only through that feature's `index.ts`, never a file inside it. Biome's rules
 * match import specifiers, not the files they resolve to (`../../tenant/lib/x.ts` and `../../lib/x.ts` look
 * alike), so this check resolves every relative import. Run by `npm run lint`; exits 1 naming each import
 * that crosses into another feature.
 *
 *   node scripts/feature-boundaries.ts [root]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The feature a path belongs to, or undefined outside `features/`. */
const featureOf = (featuresDir: string, path: string) => {
  const rel = relative(featuresDir, path);
  return rel.startsWith('..') ? undefined : rel.split(sep)[0];
};

export type Crossing = { file: string; line: number; specifier: string };

/** Every import of a file in `features/` that reaches into another feature past its index.ts. */
export function featureCrossings(portalSrc: string): Crossing[] {
  const featuresDir = join(portalSrc, 'features');
  const crossings: Crossing[] = [];
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(featuresDir, file);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const match of text.matchAll(SPECIFIER)) {
        const target = resolve(dirname(file), match[1]!);
        const to = featureOf(featuresDir, target);
        if (!to || to === from) continue;
        if (target === join(featuresDir, to, 'index.ts')) continue;
        crossings.push({ file: relative(portalSrc, file), line: i + 1, specifier: match[1]! });
      }
    });
  }
  return crossings;
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? new URL('../apps/portal/src', import.meta.url).pathname);
  const crossings = featureCrossings(root);
  for (const c of crossings)
    process.stderr.write(
      `${c.file}:${c.line}  imports ${c.specifier}: another feature is imported through its index.ts only\n`,
    );
  if (crossings.length > 0) process.exit(1);
}
