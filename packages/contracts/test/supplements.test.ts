import { describe, expect, it } from 'vitest';
import { parseDesignation, parseSupplement } from '../src/index.ts';

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
