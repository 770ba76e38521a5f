import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

describe('zod under the portal CSP (issue 12 §1 best practices)', () => {
  it('parses without generated code, so the strict script-src is never probed', async () => {
    await import('./zod-config.ts');
    expect(z.config().jitless).toBe(true);

    const fn = vi.spyOn(globalThis, 'Function');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(fn).not.toHaveBeenCalled();
  });
});
