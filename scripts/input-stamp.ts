import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What a build was made from, as a hash a later start compares (the portal's build, the server's bundle):
 * each input file's path, size and modification time, without reading the files.
 */

/** Every file under `path` (or `path` itself), in a stable order. */
export function* filesUnder(path: string): Generator<string> {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* filesUnder(join(path, entry));
}

/** The hash of `files` (paths relative to `root` in it), after `seed`. */
export function stampOf(root: string, files: Iterable<string>, seed = ''): string {
  const hash = createHash('sha256').update(seed);
  for (const file of files) {
    const s = statSync(file);
    hash.update(`${relative(root, file)}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}
