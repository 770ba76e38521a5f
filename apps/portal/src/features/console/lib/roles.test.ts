import { describe, expect, it } from 'vitest';
import { rolesFromClaims, sectionsFor } from './roles.ts';

describe('console roles', () => {
  it('keeps only the known roles of the trackwell_roles claim', () => {
    expect(rolesFromClaims({ trackwell_roles: ['platform_operator', 'root', 7] })).toEqual([
      'platform_operator',
    ]);
    expect(rolesFromClaims({ trackwell_roles: 'store_admin' })).toEqual([]);
    expect(rolesFromClaims({})).toEqual([]);
    expect(rolesFromClaims(undefined)).toEqual([]);
  });

  it('catalogue editors see the catalogue and the changes; administrators and operators every section', () => {
    expect(sectionsFor(['catalog_editor'])).toEqual(['catalog', 'changes']);
    expect(sectionsFor(['store_admin'])).toContain('audit');
    expect(sectionsFor(['store_admin'])).toContain('areas');
    expect(sectionsFor(['platform_operator'])).toEqual(sectionsFor(['store_admin']));
    expect(sectionsFor([])).toEqual([]);
  });
});
