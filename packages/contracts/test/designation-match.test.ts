import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DesignationCandidate,
  guessDesignationColumn,
  matchDesignation,
  parseDesignation,
  rankDesignations,
} from '../src/index.ts';

/**
 * The one designation rule, as one table: how a text is read (publisher words, key, year), which
 * standard of a small catalogue it means (the list import, the publisher API, the resolver), and which hit
 * the search box shows first. The db tests check that the database's key is this key.
 */

const std = (designation: string, status = 'active'): DesignationCandidate => ({
  designation,
  status,
  edition: String(parseDesignation(designation)?.year ?? ''),
});

const catalogue = [
  std('ISO 22337:2020'),
  std('ISO 2233:2001'),
  std('D6385-22'),
  std('D6385-19', 'historical'),
  std('A6385-20'),
  std('D638-22'),
  std('D638-14', 'historical'),
  std('13849-1:2006-11'),
  std('ISO 13849-1:2006-11'),
  std('DIN EN ISO 13849-1:2008-12'),
  std('ISO 13849-2:2012'),
  std('ISO 9001:2015'),
  std('ISO 9001:2008', 'withdrawn'),
  std('ISO 10993-1:2018'),
  std('ISO 10993-10:2021'),
  std('C150/C150M-22'),
  std('E8/E8M-16a'),
  std('D1234-19'),
  std('D1234-23'),
];

type Row = [
  text: string,
  read: { words: string[]; key: string; year: number | null } | null,
  /** What matchDesignation answers: a designation, 'ambiguous' or null (not found). */
  means: string | null,
];

const table: Row[] = [
  // The five forms of the requirement.
  ['ISO 22337', { words: ['ISO'], key: '22337', year: null }, 'ISO 22337:2020'],
  ['iso22337:2020', { words: ['ISO'], key: '22337', year: 2020 }, 'ISO 22337:2020'],
  ['D 6385', { words: ['D'], key: 'D6385', year: null }, 'D6385-22'],
  ['ASTM D6385-22', { words: ['ASTM', 'D'], key: 'D6385', year: 2022 }, 'D6385-22'],
  [
    'DIN EN ISO 13849-1',
    { words: ['DIN', 'EN', 'ISO'], key: '138491', year: null },
    'DIN EN ISO 13849-1:2008-12',
  ],
  // Exact designation first; with and without publisher words.
  ['D6385-22', { words: ['D'], key: 'D6385', year: 2022 }, 'D6385-22'],
  ['ASTM D6385-19', { words: ['ASTM', 'D'], key: 'D6385', year: 2019 }, 'D6385-19'],
  ['D6385-99', { words: ['D'], key: 'D6385', year: 1999 }, 'D6385-22'],
  ['A 6385', { words: ['A'], key: 'A6385', year: null }, 'A6385-20'],
  ['ISO 13849-1', { words: ['ISO'], key: '138491', year: null }, 'ISO 13849-1:2006-11'],
  ['13849-1', { words: [], key: '138491', year: null }, '13849-1:2006-11'],
  ['EN ISO 13849-1', { words: ['EN', 'ISO'], key: '138491', year: null }, 'DIN EN ISO 13849-1:2008-12'],
  ['BS EN ISO 13849-1', { words: ['BS', 'EN', 'ISO'], key: '138491', year: null }, 'ISO 13849-1:2006-11'],
  ['EN 13849-1', { words: ['EN'], key: '138491', year: null }, 'DIN EN ISO 13849-1:2008-12'],
  ['D 1234', { words: ['D'], key: 'D1234', year: null }, 'ambiguous'],
  ['13849-1:2006-11', { words: [], key: '138491', year: 2006 }, '13849-1:2006-11'],
  [
    'DIN EN ISO 13849-1:2008-12',
    { words: ['DIN', 'EN', 'ISO'], key: '138491', year: 2008 },
    'DIN EN ISO 13849-1:2008-12',
  ],
  ['ISO 13849', { words: ['ISO'], key: '13849', year: null }, null],
  ['ISO 9001', { words: ['ISO'], key: '9001', year: null }, 'ISO 9001:2015'],
  ['ISO9001 : 2008', { words: ['ISO'], key: '9001', year: 2008 }, 'ISO 9001:2008'],
  ['D638', { words: ['D'], key: 'D638', year: null }, 'D638-22'],
  // A part number is not a year; only a series letter makes "-22" ASTM's year.
  ['ISO 10993-10', { words: ['ISO'], key: '1099310', year: null }, 'ISO 10993-10:2021'],
  ['EN 10025-10', { words: ['EN'], key: '1002510', year: null }, null],
  ['DIN 1025-2014', { words: ['DIN'], key: '1025', year: 2014 }, null],
  ['C150/C150M-22', { words: ['C'], key: 'C150C150M', year: 2022 }, 'C150/C150M-22'],
  ['E8/E8M-16a', { words: ['E'], key: 'E8E8M', year: 2016 }, 'E8/E8M-16a'],
  ['A36-19e1', { words: ['A'], key: 'A36', year: 2019 }, null],
  ['ISO/IEC 27001:2022', { words: ['ISO', 'IEC'], key: '27001', year: 2022 }, null],
  // Case, spaces, Unicode dashes, a language tag, control characters.
  ['  d 6385 - 22 ', { words: ['D'], key: 'D6385', year: 2022 }, 'D6385-22'],
  ['D6385\u201322', { words: ['D'], key: 'D6385', year: 2022 }, 'D6385-22'],
  ['D6385\u221222', { words: ['D'], key: 'D6385', year: 2022 }, 'D6385-22'],
  ['ISO\u00a022337 :\u20032020', { words: ['ISO'], key: '22337', year: 2020 }, 'ISO 22337:2020'],
  ['ISO 22337:2020 (en)', { words: ['ISO'], key: '22337', year: 2020 }, 'ISO 22337:2020'],
  ['D6385\u0000-22', { words: ['D'], key: 'D6385', year: 2022 }, 'D6385-22'],
  ['\uff24\uff25638', { words: ['DE'], key: '638', year: null }, null],
  // No designation at all.
  ['\u0000', null, null],
  ['', null, null],
  ['Plastics', null, null],
  ['=HYPERLINK("D6385")', null, null],
  ['D6385'.padEnd(10_000, 'x'), null, null],
  ['ISO 22337 '.repeat(9), null, null],
];

describe('the designation rule', () => {
  it.each(table)('%j is read as %j and means %s', (text, read, means) => {
    const parsed = parseDesignation(text);
    expect(parsed && { words: parsed.publisherWords, key: parsed.key, year: parsed.year }).toEqual(read);
    const match = matchDesignation(text, catalogue);
    const answer =
      match.outcome === 'matched'
        ? match.standard.designation
        : match.outcome === 'ambiguous'
          ? 'ambiguous'
          : null;
    expect(answer).toBe(means);
  });

  it('ranks the exact designation first, then its other editions, then keys being typed', () => {
    const rank = (q: string) =>
      rankDesignations(parseDesignation(q)!, catalogue, { prefixes: true }).map(
        (r) => r.candidate.designation,
      );
    expect(rank('D638')).toEqual(['D638-22', 'D638-14', 'D6385-22', 'D6385-19']);
    expect(rank('D6385-19')).toEqual(['D6385-19', 'D6385-22']);
    expect(rank('D638-2')).toEqual(['D638-22']);
    expect(rank('ISO 13849')).toEqual([
      'ISO 13849-2:2012',
      'ISO 13849-1:2006-11',
      'DIN EN ISO 13849-1:2008-12',
      '13849-1:2006-11',
    ]);
    expect(rank('13849-1:2006-11')).toEqual([
      '13849-1:2006-11',
      'ISO 13849-1:2006-11',
      'DIN EN ISO 13849-1:2008-12',
    ]);
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

  it('a designation written with other case, spaces, dashes or its publisher still means itself', () => {
    fc.assert(
      fc.property(designation, variant, (d, [lower, spaced, prefixed, dash]) => {
        let text = d;
        if (lower) text = text.toLowerCase();
        if (spaced) text = text.replace(/^([A-Za-z])/, '$1 ').replace('-', ' - ');
        if (dash) text = text.replace('-', '\u2013');
        if (prefixed) text = `ASTM ${text}`;
        const target = std(d);
        const other = std(`${d.slice(0, 1)}${Number(d.slice(1).split('-')[0]) + 1}-10`);
        expect(matchDesignation(text, [other, target])).toEqual({ outcome: 'matched', standard: target });
      }),
    );
  });

  it('never throws and never means a standard of another key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = matchDesignation(text, [std('D638-22')]);
        if (result.outcome === 'matched') expect(parseDesignation(text)?.key).toBe('D638');
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
