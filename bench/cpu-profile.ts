/** A V8 CPU profile (the Profiler domain's answer, in Node or in Chromium), as much of it as the benches read. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

export type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/** Self time in µs per key of the sampled frames (`keyOf` names a frame: its file, its function…). */
export function selfTime(profile: CpuProfile, keyOf: (frame: CallFrame) => string): Map<string, number> {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = keyOf(frames.get(id)!);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}
