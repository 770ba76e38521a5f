/**
 * Imported first by `npm start` (scripts/start.mjs): glibc's malloc, set for a long-running Node server.
 * glibc reads these when a process starts, so a start without them replaces itself once (execve: the same
 * process id, flags and arguments) with one that has them. Linux only; a value already set is kept.
 *
 * - MALLOC_ARENA_MAX=2: glibc gives a process's threads up to eight arenas per core, and what one arena frees
 *   the others do not reuse. Two hold Node's work in 20–40 MB less resident memory after start and after a
 *   burst of page loads (warm start on PGlite), at the same requests per second (`0` is glibc's default).
 * - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ at 128 kB, glibc's own starting values, kept fixed. Left
 *   to itself glibc raises both each time a large block is freed (up to 32 and 64 MB): the start frees many
 *   (PGlite's files read whole, the compile cache), and from then on blocks of many megabytes are taken from
 *   and kept in the heap. Fixed: 265–282 MB after a warm start instead of 294–326, 443–459 MB after 10 s of
 *   page loads instead of 457–504, requests per second within the rounds' spread (docs/benchmarks.md).
 */
const SETTINGS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

const missing = Object.entries(SETTINGS).filter(([name]) => process.env[name] === undefined);
if (process.platform === 'linux' && missing.length > 0 && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    ...Object.fromEntries(missing),
  });
}
