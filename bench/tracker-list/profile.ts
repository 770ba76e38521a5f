import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { type CallFrame, type CpuProfile, selfTime } from '../cpu-profile.ts';
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

/** A profiled function as the printouts name it: its name, its file from the package or workspace, its line. */
function frameName(frame: CallFrame): string {
  const where = frame.url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
}

/** Self time per function (name, file, line), largest first. */
function printTop(profile: CpuProfile, file: string, name: string) {
  const self = selfTime(profile, frameName);
  const total = [...self.values()].reduce((sum, micros) => sum + micros, 0);
  log(
    `  CPU profile of the first ${name} round: ${file}; self time, top 25 of ${(total / 1000).toFixed(0)} ms:`,
  );
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    log(
      `    ${(micros / 1000).toFixed(0).padStart(6)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
}

interface SamplingHeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: SamplingHeapNode[];
}

/**
 * Runs `work` under V8's sampling heap profiler, counting the objects garbage collection freed too, so the
 * total is what the round allocated (a count of bytes, which the machine's speed does not change, unlike its
 * times), when `dir` is set and `when` holds. Prints the bytes allocated per request of `requestsOf(result)`
 * and the functions that allocated most. Otherwise it just runs `work`.
 */
async function profileAllocations<T>(
  dir: string | undefined,
  when: boolean,
  work: () => Promise<T>,
  requestsOf: (result: T) => number,
  name: string,
): Promise<T> {
  if (!dir || !when) return work();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  let result: T | undefined;
  try {
    result = await work();
    return result;
  } finally {
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as {
      profile: { head: SamplingHeapNode };
    };
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `tracker-list-${name}.heapprofile`);
    writeFileSync(file, JSON.stringify(profile));
    if (result !== undefined) printAllocations(profile.head, requestsOf(result), name, file);
  }
}

function printAllocations(head: SamplingHeapNode, requests: number, name: string, file: string) {
  const self = new Map<string, number>();
  const visit = (node: SamplingHeapNode) => {
    const key = frameName(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(head);
  const total = [...self.values()].reduce((sum, bytes) => sum + bytes, 0);
  const perRequest = (bytes: number) => `${(bytes / Math.max(1, requests) / 1024).toFixed(1).padStart(6)} KB`;
  log(
    `  allocated in the second ${name} round (${file}): ${perRequest(total)} a request; the 12 functions that ` +
      'allocated most:',
  );
  for (const [key, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12))
    log(`    ${perRequest(bytes)}  ${key}`);
}

/**
 * One load round of `name`'s side, profiled when `dir` is set: the first round's CPU, the second round's
 * allocations (two rounds, so that neither profiler weighs on the other's figures).
 */
export function profiledRound<T>(
  dir: string | undefined,
  round: number,
  name: string,
  work: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<T> {
  return profileAllocations(
    dir,
    round === 2,
    () => profileCpu(dir, round === 1, work, name),
    requestsOf,
    name,
  );
}
