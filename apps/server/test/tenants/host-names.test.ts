import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHostHeader } from '../../src/http/host.ts';
import { normaliseHost } from '../../src/modules/tenants/tenant-resolver.ts';

/**
 * A request's Host header is read strictly (http/host.ts) and then looked up in the stores' cache without
 * normalising it again: that holds only if every name the strict reading admits is already in the cache's
 * form (what normaliseHost makes of a `domain` value).
 */
describe('host names', () => {
  const hostLike = fc.stringMatching(/^[A-Za-z0-9.:\-[\]@ ]{0,40}$/);

  it('every host name a Host header may name is already in the form stores are looked up by', () => {
    fc.assert(
      fc.property(fc.oneof(hostLike, fc.domain(), fc.string({ maxLength: 60 })), (value) => {
        const host = parseHostHeader(value);
        if (host) expect(normaliseHost(host.name)).toBe(host.name);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the name and the port; refuses what a browser would never send', () => {
    expect(parseHostHeader('aenor.localhost:8080')).toEqual({ name: 'aenor.localhost', port: 8080 });
    expect(parseHostHeader('shop.example')).toEqual({ name: 'shop.example', port: undefined });
    for (const refused of [
      'Shop.example',
      'shop.example.',
      'a@shop.example',
      '[::1]',
      'shop.example:0',
      'a b',
    ])
      expect(parseHostHeader(refused)).toBeUndefined();
  });
});
