import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` runs with two malloc arenas: the process replaces itself once with MALLOC_ARENA_MAX set.

const dir = mkdtempSync(join(tmpdir(), 'trackwell-arenas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const probe = join(dir, 'probe.ts');
writeFileSync(
  probe,
  `import ${JSON.stringify(new URL('./malloc-arenas.ts', import.meta.url).pathname)};\n` +
    'console.log(JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX, pid: process.pid, ' +
    'flags: process.execArgv, args: process.argv.slice(2) }));\n',
);

function run(env: Record<string, string>) {
  return new Promise<{ pid: number; out: Record<string, unknown> }>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--max-semi-space-size=8', probe, '--services=web'],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout) => (error ? reject(error) : resolve({ pid: child.pid!, out: JSON.parse(stdout) })),
    );
  });
}

describe.runIf(process.platform === 'linux')('malloc arenas of npm start', () => {
  it('restarts itself once with MALLOC_ARENA_MAX=2, keeping its process id, Node flags and arguments', async () => {
    const { pid, out } = await run({});
    expect(out).toEqual({ arenas: '2', pid, flags: ['--max-semi-space-size=8'], args: ['--services=web'] });
  });

  it('keeps a MALLOC_ARENA_MAX that is already set', async () => {
    const { out } = await run({ MALLOC_ARENA_MAX: '4' });
    expect(out.arenas).toBe('4');
  });
});
