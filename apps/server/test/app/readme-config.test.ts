import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config/env.ts';

/** docs/configuration.md's table must list every environment variable the server reads, and no other. */
describe('docs/configuration.md variables table', () => {
  const guide = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
  const start = guide.indexOf('## Variables');
  const end = guide.indexOf('## Embedded default', start);
  const table = guide.slice(start, end);
  const documented = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
  // Documented there, read by something other than the server: the tests, the backup commands, and
  // `npm start` with the C library (scripts/malloc-settings.mjs) and its server bundle (scripts/server-bundle.ts).
  const NOT_THE_SERVER = [
    'TEST_DATABASE_URL',
    'CHROMIUM_PATH',
    'E2E_CHROMIUM_PATH',
    'PG_BIN_DIR',
    'MALLOC_ARENA_MAX',
    'MALLOC_MMAP_THRESHOLD_',
    'MALLOC_TRIM_THRESHOLD_',
    'TRACKWELL_SERVER_BUNDLE',
  ];

  it('finds the table', () => {
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
  });

  it('documents every variable of env.ts', () => {
    for (const key of Object.keys(envSchema.shape)) expect(documented).toContain(key);
  });

  it('documents nothing the server does not read', () => {
    for (const key of documented) expect([...Object.keys(envSchema.shape), ...NOT_THE_SERVER]).toContain(key);
  });

  it.each(Object.entries(envSchema.shape))('gives the real default of %s', (key, schema) => {
    const parsed = (schema as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(
      undefined,
    );
    const row = table.split('\n').find((l) => l.startsWith(`| \`${key}\` |`))!;
    if (parsed.success && parsed.data !== undefined) expect(row).toContain(`\`${String(parsed.data)}\``);
  });
});
