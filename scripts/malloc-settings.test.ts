import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` runs with glibc's malloc set for a server: the process replaces itself once with the settings.

const dir = mkdtempSync(join(tmpdir(), 'trackwell-arenas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const probe = join(dir, 'probe.ts');
writeFileSync(
  probe,
  `import ${JSON.stringify(new URL('./malloc-settings.mjs', import.meta.url).pathname)};\n` +
    'const e = process.env;\n' +
    'console.log(JSON.stringify({ arenas: e.MALLOC_ARENA_MAX, mmap: e.MALLOC_MMAP_THRESHOLD_, ' +
    'trim: e.MALLOC_TRIM_THRESHOLD_, pid: process.pid, ' +
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

describe.runIf(process.platform === 'linux')('malloc settings of npm start', () => {
  it('restarts itself once with two arenas and fixed 128 kB thresholds, keeping its id, flags and arguments', async () => {
    const { pid, out } = await run({});
    expect(out).toEqual({
      arenas: '2',
      mmap: '131072',
      trim: '131072',
      pid,
      flags: ['--max-semi-space-size=8'],
      args: ['--services=web'],
    });
  });

  it('keeps the values already set, and adds the others', async () => {
    const { out } = await run({ MALLOC_ARENA_MAX: '4', MALLOC_TRIM_THRESHOLD_: '1048576' });
    expect(out).toMatchObject({ arenas: '4', mmap: '131072', trim: '1048576' });
  });

  it('does not restart when every value is set', async () => {
    const env = { MALLOC_ARENA_MAX: '0', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '65536' };
    const { pid, out } = await run(env);
    expect(out).toMatchObject({ arenas: '0', mmap: '65536', trim: '65536', pid });
  });
});
