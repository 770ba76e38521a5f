/**
 * Where a PGlite import's memory is, phase by phase (bench/catalog-import/README.md, 2026-11-29, night): the
 * bench's three PGlite imports (empty catalogue, the same file, 1% new editions; `PROBE_REPEAT=n` more of the
 * same file) in this process, and after each the phase's VmHWM, `process.memoryUsage()`, V8's spaces and
 * /proc/self/smaps summed by mapping (anonymous ones by size: V8's heap pages are the 256 kB ones), with what
 * moved since the phase before. Asserts the imports' totals only.
 *
 *   node --max-semi-space-size=8 --expose-gc bench/catalog-import/memory-probe.ts DIR --prepare   # files, data dir
 *   node --max-semi-space-size=8 --expose-gc bench/catalog-import/memory-probe.ts DIR             # the imports
 *
 * `ROWS` (default 100000); `PROBE_CHUNK=n`: the plan's chunk; `PROBE_PROFILE=<phase>`: V8's sampling heap
 * profile of that phase, keeping what survived the young generation (DIR/<phase>.heapprofile);
 * `PROBE_STATS=1`: glibc's `malloc_stats()` (through gdb) after each phase, `PROBE_TRIM=1`: then `malloc_trim(0)`.
 * Add `--trace-gc` to see V8's heap and its page pool ("pooled") at each collection.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import { applyCatalogImport, type DatabaseHandle, migrate, openDatabase, upsertTenant } from '@trackwell/db';
import { parseCatalogCsv } from '@trackwell/db/catalog-import';
import { buildTenantDefinition, EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { setupRows, writeStandardsCsv } from './data.ts';
import { log, settle } from './measure.ts';

const [dir, flag] = process.argv.slice(2) as [string, string | undefined];
const ROWS = Number(process.env.ROWS ?? 100000);
const MB = (b: number) => `${(b / 1048576).toFixed(0)}`;

function status(field: string) {
  return (
    Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))![1]) *
    1024
  );
}
function resetHwm() {
  writeFileSync('/proc/self/clear_refs', '5');
}

let small = { count: 0, rss: 0, sizes: new Map<number, number>(), perms: new Map<string, number>() };
/** smaps grouped: by name, anonymous by size class. */
function smaps() {
  const text = readFileSync('/proc/self/smaps', 'utf8');
  const groups = new Map<string, number>();
  let name = '';
  let size = 0;
  let perms = '';
  small = { count: 0, rss: 0, sizes: new Map(), perms: new Map() };
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [, a, b, n] = head;
      perms = line.split(' ')[1]!;
      size = (Number.parseInt(b!, 16) - Number.parseInt(a!, 16)) / 1024;
      name = n ? (n.startsWith('/') ? n.split('/').pop()! : n) : '';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) {
      let key = name;
      if (!key && size < 1024) {
        const kb = Number(rss[1]);
        small.count++;
        small.rss += kb;
        small.sizes.set(size, (small.sizes.get(size) ?? 0) + 1);
        small.perms.set(perms, (small.perms.get(perms) ?? 0) + kb);
      }
      if (!key)
        key =
          size >= 1024 * 1024
            ? 'anon>=1G'
            : size >= 65536
              ? 'anon>=64M'
              : size >= 1024
                ? 'anon1M-64M'
                : 'anon<1M';
      groups.set(key, (groups.get(key) ?? 0) + Number(rss[1]) * 1024);
    }
  }
  return groups;
}

let last = new Map<string, number>();
function snapshot(label: string, hwm: number) {
  if (!process.env.PROBE_NOGC) (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [s.space_name.replace('_space', ''), MB(s.physical_space_size)]),
  );
  const g = smaps();
  const diff = [...g]
    .map(([k, v]) => [k, v, v - (last.get(k) ?? 0)] as const)
    .filter(([, v, d]) => v > 4 * 1048576 || Math.abs(d) > 2 * 1048576)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v, d]) => `${k}=${MB(v)}(${d >= 0 ? '+' : ''}${MB(d)})`);
  last = g;
  log(
    `## ${label}: phase VmHWM ${MB(hwm)} MB; after gc RSS ${MB(m.rss)} heapTotal ${MB(m.heapTotal)} heapUsed ${MB(m.heapUsed)} ` +
      `external ${MB(m.external)} arrayBuffers ${MB(m.arrayBuffers)}`,
  );
  log(`   spaces ${JSON.stringify(spaces)}`);
  log(`   smaps ${diff.join(' ')}`);
  const topSizes = [...small.sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${k}kB×${v}`);
  log(
    `   anon<1M: ${small.count} mappings, ${MB(small.rss * 1024)} MB; perms ${JSON.stringify(Object.fromEntries([...small.perms].map(([k, v]) => [k, MB(v * 1024)])))}; sizes ${topSizes.join(' ')}`,
  );
  if (process.env.PROBE_STATS) {
    const gdb = (cmd: string) =>
      spawnSync('gdb', ['-p', String(process.pid), '-batch', '-ex', cmd], { encoding: 'utf8' });
    gdb('call (void)malloc_stats()');
    if (process.env.PROBE_TRIM) {
      gdb('call (int)malloc_trim(0)');
      log(`   after malloc_trim: RSS ${MB(process.memoryUsage().rss)}`);
      gdb('call (void)malloc_stats()');
    }
  }
}

async function tenantOf(db: DatabaseHandle) {
  await migrate(db);
  return db.transaction((tx) => upsertTenant(tx, buildTenantDefinition({ code: 'benchimport' })));
}

async function main() {
  const fresh = join(dir, 'standards.csv');
  const editions = join(dir, 'standards-editions.csv');
  if (flag === '--prepare') {
    await writeStandardsCsv(fresh, ROWS);
    await writeStandardsCsv(editions, ROWS, (i) => (i % 100 === 0 ? 2024 : 2022));
    const db = await openDatabase({ dataDir: join(dir, 'pglite') });
    const tenant = await tenantOf(db);
    const setup = setupRows().map((value, i) => ({ row: i + 1, value }));
    await applyCatalogImport(
      db,
      tenant.id,
      { rows: setup, errors: [], complete: true },
      { rules: EVERY_MATCHING_RULE },
    );
    await db.close();
    return;
  }
  if (!existsSync(fresh)) throw new Error('prepare first');
  resetHwm();
  const db = await openDatabase({ dataDir: join(dir, 'pglite') });
  const tenant = await tenantOf(db);
  const peak = await settle();
  snapshot(`opened (settle peak ${MB(peak)})`, status('VmHWM'));
  const phases: Array<[string, string, (t: { new: number; changed: number; unchanged: number }) => boolean]> =
    [
      ['empty', fresh, (t) => t.new === ROWS],
      ['unchanged', fresh, (t) => t.unchanged === ROWS],
      ['editions', editions, (t) => t.changed === ROWS / 100],
    ];
  const extra = Number(process.env.PROBE_REPEAT ?? 0);
  for (let i = 0; i < extra; i++) phases.push([`unchanged${i + 2}`, fresh, () => true]);
  for (const [label, file, ok] of phases) {
    resetHwm();
    const profile = process.env.PROBE_PROFILE === label ? new Session() : undefined;
    if (profile) {
      profile.connect();
      await profile.post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: process.env.PROBE_MINOR === '1',
      });
    }
    const started = performance.now();
    const parsed = await parseCatalogCsv(createReadStream(file));
    const parseHwm = status('VmHWM');
    const applied = await applyCatalogImport(db, tenant.id, parsed, {
      rules: EVERY_MATCHING_RULE,
      ...(process.env.PROBE_CHUNK ? { planChunk: Number(process.env.PROBE_CHUNK) } : {}),
    });
    if (!ok(applied.totals)) throw new Error(`${label}: ${JSON.stringify(applied.totals)}`);
    const hwm = status('VmHWM');
    if (profile) {
      const { profile: p } = await profile.post('HeapProfiler.stopSampling');
      writeFileSync(join(dir, `${label}.heapprofile`), JSON.stringify(p));
      profile.disconnect();
    }
    log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s, parse HWM ${MB(parseHwm)}`);
    snapshot(label, hwm);
  }
  await db.close();
}

await main();
