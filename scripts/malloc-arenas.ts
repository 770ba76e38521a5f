/**
 * Imported first by `npm start` (scripts/start.ts). glibc's malloc gives a process's threads up to eight arenas
 * per core, and what one arena frees the others do not reuse: two arenas hold Node's work in less resident
 * memory (a warm start on PGlite: 20–40 MB less after start and after a burst of page loads, at the same
 * requests per second and start time; docs/benchmarks.md). glibc reads MALLOC_ARENA_MAX when a process starts,
 * so a start without it replaces itself once (execve: the same process id, flags and arguments) with one that
 * has it. Linux only; a MALLOC_ARENA_MAX already set is kept (`0` is glibc's own default).
 */
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function'
) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
  });
}
