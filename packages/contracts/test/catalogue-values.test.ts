import { describe, expect, it } from 'vitest';
import { dateAtPrecision, dateToPrecision } from '../src/catalog-import.ts';
import { statusOfStage } from '../src/stage-codes.ts';
import { titleIn } from '../src/standard-titles.ts';

describe('dates at the precision a catalogue gives them', () => {
  it.each([
    ['2006', { date: '2006-01-01', precision: 'year' }],
    ['2006-11', { date: '2006-11-01', precision: 'month' }],
    ['2006-11-30', { date: '2006-11-30', precision: 'day' }],
    [' 2009-05-30 ', { date: '2009-05-30', precision: 'day' }],
    ['2006-13', undefined],
    ['2006-02-30', undefined],
    ['November 2006', undefined],
    ['06-11', undefined],
    ['', undefined],
  ])('%j → %j', (text, expected) => {
    expect(dateAtPrecision(text)).toEqual(expected);
  });

  it('shows a date no more precisely than it is known', () => {
    expect(dateToPrecision('2006-11-01', 'year')).toBe('2006');
    expect(dateToPrecision('2006-11-01', 'month')).toBe('2006-11');
    expect(dateToPrecision('2006-11-30', 'day')).toBe('2006-11-30');
  });
});

describe('status from an ISO harmonized stage code', () => {
  it.each([
    ['60.60', 'active'],
    ['90.20', 'active'],
    ['90.92', 'active'],
    ['95.20', 'active'],
    ['95.99', 'withdrawn'],
    ['00.00', null],
    ['40.20', null],
    ['60.00', null],
    ['99.99', undefined],
    ['6060', undefined],
    ['draft', undefined],
  ])('%s → %s', (code, status) => {
    expect(statusOfStage(code)).toBe(status);
  });
});

describe('a title in the reader’s language', () => {
  const titles = { de: 'Sicherheit von Maschinen', fr: 'Sécurité des machines', 'pt-br': 'Segurança' };
  it.each([
    ['de', { text: 'Sicherheit von Maschinen', lang: 'de' }],
    ['de-AT', { text: 'Sicherheit von Maschinen', lang: 'de' }],
    ['pt-BR', { text: 'Segurança', lang: 'pt-br' }],
    ['ar', { text: 'Safety of machinery' }],
    ['en', { text: 'Safety of machinery' }],
  ])('%s → %j', (language, shown) => {
    expect(titleIn(language, 'Safety of machinery', titles)).toEqual(shown);
  });

  it('is the main title where the catalogue has no others, and never an inherited property', () => {
    expect(titleIn('de', 'Safety of machinery', undefined)).toEqual({ text: 'Safety of machinery' });
    expect(titleIn('constructor', 'Safety of machinery', {})).toEqual({ text: 'Safety of machinery' });
  });
});
