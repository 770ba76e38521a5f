import { describe, expect, it } from 'vitest';
import { rolesFromAccessToken, sectionsFor } from './roles.ts';

/** A JWT's three parts, its payload base64url-encoded from UTF-8 as issuers write it. */
const jwt = (payload: unknown) => {
  const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload)));
  return ['e30', btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'sig'].join('.');
};

describe('console roles', () => {
  it('reads the trackwell_roles claim of an access token, keeping only known roles', () => {
    expect(rolesFromAccessToken(jwt({ trackwell_roles: ['platform_operator', 'root', 7] }))).toEqual([
      'platform_operator',
    ]);
    expect(rolesFromAccessToken(jwt({ sub: 'a', name: 'Zoë ✓', trackwell_roles: ['store_admin'] }))).toEqual([
      'store_admin',
    ]);
    expect(rolesFromAccessToken(jwt({ sub: 'a' }))).toEqual([]);
  });

  it('a missing or malformed token holds no role', () => {
    expect(rolesFromAccessToken(undefined)).toEqual([]);
    expect(rolesFromAccessToken('not-a-jwt')).toEqual([]);
    expect(rolesFromAccessToken('a.%%%.c')).toEqual([]);
    expect(rolesFromAccessToken(`a.${btoa('[1,2')}.c`)).toEqual([]);
  });

  it('catalogue editors see the catalogue and the changes; administrators and operators every section', () => {
    expect(sectionsFor(['catalog_editor'])).toEqual(['catalog', 'changes']);
    expect(sectionsFor(['store_admin'])).toContain('audit');
    expect(sectionsFor(['platform_operator'])).toEqual(sectionsFor(['store_admin']));
    expect(sectionsFor([])).toEqual([]);
  });
});
