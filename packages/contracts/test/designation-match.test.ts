import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DesignationCandidate,
  designationKey,
  designationKeysOfCell,
  guessDesignationColumn,
  matchDesignation,
} from '../src/designation-match.ts';

const std = (designation: string, status = 'active', edition = ''): DesignationCandidate => ({
  designation,
  status,
  edition: edition || String(designationKey(designation)?.year ?? ''),
});

describe('designationKey: stem, base and year of a catalogue designation', () => {
  it.each([
    ['D638-22', { stem: 'D638', base: 'D638', year: 2022 }],
    ['D638-99', { stem: 'D638', base: 'D638', year: 1999 }],
    ['C150/C150M-22', { stem: 'C150', base: 'C150C150M', year: 2022 }],
    ['E8/E8M-16a', { stem: 'E8', base: 'E8E8M', year: 2016 }],
    ['ISO 9001:2015', { stem: 'ISO9001', base: 'ISO9001', year: 2015 }],
    ['ISO 9001', { stem: 'ISO9001', base: 'ISO9001', year: null }],
    ['ISO 10993-10:2009', { stem: 'ISO10993', base: 'ISO1099310', year: 2009 }],
    ['ISO 10993-10', { stem: 'ISO10993', base: 'ISO1099310', year: null }],
    ['EN 10025-2:2004', { stem: 'EN10025', base: 'EN100252', year: 2004 }],
    ['DIN 1025-2014', { stem: 'DIN1025', base: 'DIN1025', year: 2014 }],
  ])('%s', (designation, key) => {
    expect(designationKey(designation)).toEqual(key);
  });

  it('has no key without digits', () => {
    expect(designationKey('Plastics')).toBeNull();
    expect(designationKeysOfCell('=HYPERLINK("http://x","y")')).toEqual([]);
  });
});

describe('matchDesignation: what a spreadsheet cell means', () => {
  const d638 = [std('D638-14', 'historical'), std('D638-22')];
  const iso = [std('ISO 9001:2008', 'withdrawn'), std('ISO 9001:2015')];

  it.each([
    ['ASTM D638-14', 'D638-14'],
    ['D638-14', 'D638-14'],
    ['d638-22', 'D638-22'],
    ['D 638', 'D638-22'],
    ['  d 638 - 22 ', 'D638-22'],
    ['D638–22', 'D638-22'],
    ['ＤＥ638', null],
    ['D638-19', 'D638-22'],
    ['ASTM D 638', 'D638-22'],
  ])('%j → %s', (cell, expected) => {
    const result = matchDesignation(cell, d638);
    if (expected === null) expect(result.outcome).toBe('not_found');
    else
      expect(result).toEqual({ outcome: 'matched', standard: d638.find((s) => s.designation === expected) });
  });

  it('reads an ISO number with or without its year', () => {
    expect(matchDesignation('ISO 9001', iso)).toMatchObject({ standard: { designation: 'ISO 9001:2015' } });
    expect(matchDesignation('iso 9001:2008', iso)).toMatchObject({
      standard: { designation: 'ISO 9001:2008' },
    });
    expect(matchDesignation('ISO9001 : 2015', iso)).toMatchObject({
      standard: { designation: 'ISO 9001:2015' },
    });
  });

  it('does not take a part number for a year', () => {
    const parts = [std('ISO 10993-1:2018'), std('ISO 10993-10:2021')];
    expect(matchDesignation('ISO 10993-10', parts)).toMatchObject({
      standard: { designation: 'ISO 10993-10:2021' },
    });
  });

  it('is ambiguous between two active editions, and gives both', () => {
    const two = [std('D638-14'), std('D638-22')];
    expect(matchDesignation('D638', two)).toEqual({ outcome: 'ambiguous', candidates: two });
    expect(matchDesignation('D638-14', two)).toEqual({ outcome: 'matched', standard: two[0] });
  });

  it('finds nothing for another number, an empty, hostile or overlong cell', () => {
    for (const cell of ['D6380', '', '\u0000', '=HYPERLINK("D638")', 'D638'.padEnd(10_000, 'x')]) {
      expect(matchDesignation(cell, d638).outcome).toBe('not_found');
    }
  });
});

describe('properties', () => {
  const designation = fc
    .tuple(
      fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'),
      fc.integer({ min: 1, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(([series, n, yy]) => `${series}${n}-${String(yy).padStart(2, '0')}`);
  const variant = fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean());

  it('a designation written with other case, spaces, dashes or its publisher still matches itself', () => {
    fc.assert(
      fc.property(designation, variant, (d, [lower, spaced, prefixed, dash]) => {
        let cell = d;
        if (lower) cell = cell.toLowerCase();
        if (spaced) cell = cell.replace(/^([A-Za-z])/, '$1 ').replace('-', ' - ');
        if (dash) cell = cell.replace('-', '\u2013');
        if (prefixed) cell = `ASTM ${cell}`;
        const target = std(d);
        const other = std(`${d.slice(0, 1)}${Number(d.slice(1).split('-')[0]) + 1}-10`);
        expect(matchDesignation(cell, [other, target])).toEqual({ outcome: 'matched', standard: target });
      }),
    );
  });

  it('never throws and never matches a candidate of another base', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (cell) => {
        const result = matchDesignation(cell, [std('D638-22')]);
        if (result.outcome === 'matched') {
          expect(designationKeysOfCell(cell).some((k) => k.base === 'D638')).toBe(true);
        }
      }),
    );
  });
});

describe('guessDesignationColumn', () => {
  it('takes a header naming the designation, else one naming the standard, else the cells', () => {
    expect(guessDesignationColumn(['Title', 'Designation'], [])).toBe(1);
    expect(guessDesignationColumn(['Standard title', 'Standard no.'], [])).toBe(1);
    expect(
      guessDesignationColumn(
        ['A', 'B'],
        [
          ['Plastics', 'D638-22'],
          ['Metals', 'ISO 9001'],
        ],
      ),
    ).toBe(1);
  });
});
