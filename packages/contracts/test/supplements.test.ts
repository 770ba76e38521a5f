import { describe, expect, it } from 'vitest';
import { parseDesignation, parseSupplement, supplementsCurrentEdition } from '../src/index.ts';

/**
 * How a designation names an amendment or a corrigendum of a base standard, as one table; and that the
 * designation rule reads the same texts as designations of their own (the supplement is its own standard).
 */
describe('parseSupplement', () => {
  it.each([
    ['ISO 13849-1:2015/Amd 1:2021', 'ISO 13849-1:2015', 'amendment', 1, 2021],
    ['ISO/IEC 19566-7:2022/Amd 1:2025', 'ISO/IEC 19566-7:2022', 'amendment', 1, 2025],
    ['ISO 9001:2008/Cor 1:2009', 'ISO 9001:2008', 'corrigendum', 1, 2009],
    ['ISO 9001:2008/Cor.1:2009', 'ISO 9001:2008', 'corrigendum', 1, 2009],
    ['ISO 9001:2008 / Amd. 2 : 2010', 'ISO 9001:2008', 'amendment', 2, 2010],
    ['IEC 60204-1:2016/AMD1:2021', 'IEC 60204-1:2016', 'amendment', 1, 2021],
    ['IEC 60204-1:2016/COR1:2017', 'IEC 60204-1:2016', 'corrigendum', 1, 2017],
    ['EN 1090-1:2009/A1:2011', 'EN 1090-1:2009', 'amendment', 1, 2011],
    ['EN 1090-1:2009/AC:2010', 'EN 1090-1:2009', 'corrigendum', null, 2010],
    ['ISO 13849-1/Amd 1', 'ISO 13849-1', 'amendment', 1, null],
    ['DIN EN 1090-1/A1:2011-10', 'DIN EN 1090-1', 'amendment', 1, 2011],
    ['ISO 9001:2015/Amd 1:2024/Cor 1:2025', 'ISO 9001:2015/Amd 1:2024', 'corrigendum', 1, 2025],
  ])('%s is a supplement of %s', (designation, base, type, number, year) => {
    expect(parseSupplement(designation)).toEqual({ base, type, number, year });
  });

  it.each([
    ['a standard', 'ISO 13849-1:2015'],
    ['an ISO/IEC joint standard', 'ISO/IEC 27001:2022'],
    ['an ISO/ASTM joint standard', 'ISO/ASTM 52900:2021'],
    ["ASTM's metric twin", 'A36/A36M-19'],
    ['a consolidated CEN edition (the amendment merged in)', 'EN 1090-1:2009+A1:2011'],
    ['an "A" without a number', 'EN 1090-1:2009/A'],
    ['a base without a number', 'ISO/Amd 1'],
    ['an over-long text', `ISO ${'1'.repeat(200)}/Amd 1`],
  ])('%s is no supplement: %s', (_what, designation) => {
    expect(parseSupplement(designation)).toBeNull();
  });

  it('the designation rule reads a supplement as its own designation: the base year and the supplement stay in its key', () => {
    expect(parseDesignation('ISO 13849-1:2015/Amd 1:2021')).toMatchObject({
      key: '1384912015AMD1',
      year: 2021,
    });
    expect(parseDesignation('ISO 13849-1:2015')).toMatchObject({ key: '138491', year: 2015 });
  });
});

describe('supplementsCurrentEdition', () => {
  it.each([
    // Both name an edition year: the years decide, whatever the dates.
    ['ISO 13849-1:2015', '2015-12-01', 'ISO 13849-1:2015/Amd 1:2021', '2021-03-02', true],
    ['ISO 13849-1:2023', '2023-06-01', 'ISO 13849-1:2015/Amd 1:2021', '2021-03-02', false],
    // A corrigendum of the old edition released after the new one still belongs to the old one.
    ['ISO 13849-1:2023', '2023-06-01', 'ISO 13849-1:2015/Cor 2:2024', '2024-01-10', false],
    ['ISO 13849-1:2023', '2023-06-01', 'ISO 13849-1:2023/Amd 1:2025', '2025-02-01', true],
    ['EN 1090-1:2009', '2009-05-01', 'EN 1090-1:2009/AC:2010', '2010-01-01', true],
    // ASTM's two-digit year is an edition year too.
    ['ASTM D638-22', '2022-01-01', 'ASTM D638-14/Cor 1', '2015-01-01', false],
    // The base names no year: the dates decide (released on or after the current edition).
    ['DIN EN ISO 13849-1', '2016-06-01', 'DIN EN ISO 13849-1/A1:2011', '2011-05-01', false],
    ['DIN EN ISO 13849-1', '2016-06-01', 'DIN EN ISO 13849-1/A1', '2016-06-01', true],
    // The supplement names no base year: the dates decide.
    ['IEC 60204-1:2016', '2016-10-01', 'IEC 60204-1/AMD1', '2021-07-01', true],
    ['IEC 60204-1:2016', '2016-10-01', 'IEC 60204-1/AMD1', '2009-02-01', false],
  ])('base %j (%s), supplement %j (%s) → %j', (base, baseOn, supplement, supplementOn, current) => {
    expect(
      supplementsCurrentEdition(
        { designation: base, publishedOn: baseOn },
        { designation: supplement, publishedOn: supplementOn },
      ),
    ).toBe(current);
  });
});
