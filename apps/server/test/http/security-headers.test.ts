import { describe, expect, it } from 'vitest';
import { DOCUMENT_HEADERS } from '../../src/http/security.ts';
import { a, listUrl, t, useTrackerWorld } from '../support/tracker-world.ts';

/** Which security headers each kind of answer carries: documents helmet's set, API answers their own. */
useTrackerWorld();

describe('security headers', () => {
  it("are helmet's document set, this app's CSP included, worked out once", () => {
    expect(DOCUMENT_HEADERS['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self';style-src-attr 'unsafe-inline';img-src 'self' data:;" +
        "font-src 'self' data:;connect-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';" +
        "base-uri 'self';form-action 'self'",
    );
    expect(DOCUMENT_HEADERS).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(DOCUMENT_HEADERS).not.toHaveProperty('strict-transport-security'); // TLS ends at the load balancer
    expect(DOCUMENT_HEADERS).not.toHaveProperty('cross-origin-embedder-policy');
    expect(Object.isFrozen(DOCUMENT_HEADERS)).toBe(true);
  });

  it("a page, a missing page and the process's health answer all carry the document set", async () => {
    for (const url of ['/signin', '/no-such-page', '/readyz']) {
      const res = await t.app.inject({ url, headers: { host: a.host } });
      for (const [name, value] of Object.entries(DOCUMENT_HEADERS))
        expect(res.headers[name], `${url}: ${name}`).toBe(value);
    }
  });

  it('an API answer, refused or not, carries the API set and no document policy', async () => {
    const user = await a.createUser();
    const answers = [
      await a.call(user, { url: listUrl(user.id) }),
      await a.call(null, { url: listUrl(user.id) }),
      // refused by the input guard, on a header before authentication and on the query after it
      await a.call(user, { url: listUrl(user.id), headers: { 'x-note': 'a\u0000b' } }),
      await a.call(user, { url: listUrl('%00') }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 400, 400]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
