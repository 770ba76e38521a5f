import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * Stubs `fetch` to answer the translation files as the server serves them (/locales/{lng}/{ns}.json), so a
 * test may switch to a language that is not bundled. Undo with `vi.unstubAllGlobals()`.
 */
export function serveLocales(): void {
  const dir = join(import.meta.dirname, '../../public/locales');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const [, lng, ns] = /^\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    if (!lng || !ns) return new Response('not found', { status: 404 });
    return new Response(readFileSync(join(dir, lng, `${ns}.json`), 'utf8'), {
      headers: { 'content-type': 'application/json' },
    });
  });
}
