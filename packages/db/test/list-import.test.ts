import { cleanDesignationText, designationStem } from '@trackwell/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGNATION_STEM_SQL } from '../src/repositories/list-import.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * The database finds a list's candidates by the designation's stem, computed in SQL; it must be
 * the stem contracts' `designationStem` gives the cell (designation-match.ts), or a cell misses its standard.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('the stem in SQL is the stem in contracts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const sqlStems = async (texts: string[]) =>
    (
      await t.handle.query<{ stem: string | null }>(
        `SELECT ${DESIGNATION_STEM_SQL('d')} AS stem FROM unnest($1::text[]) WITH ORDINALITY AS x(d, n) ORDER BY n`,
        [texts],
      )
    ).rows.map((r) => r.stem || null);

  it('for catalogue-like designations', async () => {
    const designations = [
      'D638-22',
      'ISO 9001:2015',
      'ISO/IEC 27001:2022',
      'C150/C150M-22',
      'EN 10025-2:2004',
      'WK12345',
      'Plain',
    ];
    expect(await sqlStems(designations)).toEqual(
      designations.map((d) => designationStem(cleanDesignationText(d))),
    );
  });

  it('for any ASCII text', async () => {
    const texts = fc.sample(
      fc.string({ unit: fc.constantFrom(...'AbD9 0-:/é.'.split('')), maxLength: 20 }),
      200,
    );
    expect(await sqlStems(texts)).toEqual(texts.map((d) => designationStem(cleanDesignationText(d))));
  });
});
