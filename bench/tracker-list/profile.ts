import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { type CpuProfile, selfTime } from '../cpu-profile.ts';
import { log } from './settings.ts';

/**
 * Runs `work` under the V8 CPU profiler of this process when `dir` is set and `when` holds: the profile goes
 * to `<dir>/tracker-list-<name>.cpuprofile` and its 25 functions with the most self time are printed.
 * Otherwise it just runs `work`.
 */
export async function profileCpu<T>(
  dir: string | undefined,
  when: boolean,
  work: () => Promise<T>,
  name = 'fastify',
): Promise<T> {
  if (!dir || !when) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `tracker-list-${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    printTop(profile, file, name);
  }
}

/** Self time per function (name, file, line), largest first. */
function printTop(profile: CpuProfile, file: string, name: string) {
  const self = selfTime(profile, (frame) => {
    const where = frame.url
      .replace(/^.*node_modules\//, '')
      .replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');
    return `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
  });
  const total = [...self.values()].reduce((sum, micros) => sum + micros, 0);
  log(
    `  CPU profile of the first ${name} round: ${file}; self time, top 25 of ${(total / 1000).toFixed(0)} ms:`,
  );
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    log(
      `    ${(micros / 1000).toFixed(0).padStart(6)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
}
