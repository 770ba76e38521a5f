import { describe, expect, it } from 'vitest';
import { timeZoneLabel, timeZoneOptions } from './time-zones.ts';

/** Zone names in the reader's language, never a raw id inside a sentence; UTC offered; current names only. */
describe('time zones as the account shows them', () => {
  it('names a zone in Arabic by Intl, with its city isolated, and no raw id', () => {
    const label = timeZoneLabel('Europe/Madrid', 'ar', false);
    expect(label).toBe('توقيت وسط أوروبا — \u2068Madrid\u2069');
    expect(label).not.toContain('Europe/Madrid');
    expect(timeZoneLabel('UTC', 'ar')).toBe('التوقيت العالمي المنسق (UTC)');
  });

  it('offers UTC first, then the zones from west to east, old names mapped to current ones', () => {
    const options = timeZoneOptions('en', 'Asia/Saigon');
    expect(options[0]).toMatchObject({ zone: 'UTC', label: 'Coordinated Universal Time (UTC)' });
    const zones = options.map((o) => o.zone);
    expect(zones).not.toContain('Asia/Saigon');
    expect(zones.filter((z) => z === 'Asia/Ho_Chi_Minh')).toHaveLength(1);
    const offsets = options.slice(1).map((o) => o.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(options.find((o) => o.zone === 'Asia/Kolkata')).toMatchObject({ offset: 330 });
  });
});
