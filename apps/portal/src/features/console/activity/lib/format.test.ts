import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatPercent } from '../../catalog/lib/format.ts';
import { formatDay, formatInstant } from './format.ts';

/**
 * The console formats dates and numbers in every language the portal offers. i18next's codes use "_"
 * (es_ES, fr_CA, zh_Hans), which Intl refuses as a language tag: the console's tables once failed to render
 * ("Something went wrong") for an administrator whose language was Español (España).
 */
describe('console formats in every supported language', () => {
  const at = '2026-11-26T09:30:00Z';
  it.each(SUPPORTED_LANGUAGES)('%s: dates, days, sizes and percentages', (language) => {
    expect(formatInstant(at, language)).toMatch(/\S/);
    expect(formatDay('2026-11-26', language)).toMatch(/\S/);
    expect(formatDateTime(at, language)).toMatch(/\S/);
    expect(formatBytes(20 * 1024 * 1024, language)).toMatch(/\S/);
    expect(formatPercent(45, language)).toMatch(/\S/);
  });

  it('follows the language: Spanish (Spain) and Simplified Chinese name the month in their own words', () => {
    expect(formatInstant(at, 'es_ES')).toContain('nov');
    expect(formatInstant(at, 'zh_Hans')).toContain('11月');
  });

  it('keeps what is not a date as it was given, and nothing as nothing', () => {
    expect(formatInstant('not a date', 'es_ES')).toBe('not a date');
    expect(formatInstant(null, 'es_ES')).toBe('');
  });
});
