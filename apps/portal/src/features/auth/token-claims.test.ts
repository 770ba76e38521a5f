import { describe, expect, it } from 'vitest';
import { accessTokenClaims } from './token-claims.ts';

/** A JWT's three parts, its payload base64url-encoded from UTF-8 as issuers write it. */
const jwt = (payload: unknown) => {
  const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload)));
  return ['e30', btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'sig'].join('.');
};

describe('accessTokenClaims', () => {
  it("reads a token's payload, UTF-8 included", () => {
    expect(accessTokenClaims(jwt({ uid: 'u-1', name: 'Zoë ✓', trackwell_roles: ['store_admin'] }))).toEqual({
      uid: 'u-1',
      name: 'Zoë ✓',
      trackwell_roles: ['store_admin'],
    });
  });

  it('a missing or malformed token has no claims', () => {
    expect(accessTokenClaims(undefined)).toEqual({});
    expect(accessTokenClaims('not-a-jwt')).toEqual({});
    expect(accessTokenClaims('a.%%%.c')).toEqual({});
    expect(accessTokenClaims(`a.${btoa('[1,2')}.c`)).toEqual({});
    expect(accessTokenClaims(`a.${btoa('[1,2]')}.c`)).toEqual({});
  });
});
