import { describe, expect, it } from 'vitest';
import { notificationFrequency } from '../src/notification-frequency.ts';
import { canonicalTimeZone, TIME_ZONE_RENAMES, timeZoneChoices } from '../src/time-zones.ts';

/** The zones offered and stored are IANA's current names, UTC among them; old names map to them. */
describe('time zones', () => {
  const supported = Intl.supportedValuesOf('timeZone');
  const choices = timeZoneChoices(supported);

  it('offers UTC first and no old alias (Asia/Calcutta, Asia/Saigon, Europe/Kiev)', () => {
    expect(choices[0]).toBe('UTC');
    for (const old of ['Asia/Calcutta', 'Asia/Saigon', 'Europe/Kiev', ...Object.keys(TIME_ZONE_RENAMES)])
      expect(choices).not.toContain(old);
    expect(choices).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Europe/Kyiv']));
    expect(new Set(choices).size).toBe(choices.length);
  });

  it('every choice is a zone this runtime knows, and its own canonical name', () => {
    for (const zone of choices) {
      expect(canonicalTimeZone(zone)).toBe(zone);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    }
  });

  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['asia/saigon', 'Asia/Ho_Chi_Minh'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['utc', 'UTC'],
    ['Etc/UTC', 'UTC'],
    ['Europe/Madrid', 'Europe/Madrid'],
  ])('%s is stored as %s', (given, stored) => {
    expect(canonicalTimeZone(given)).toBe(stored);
    const parsed = notificationFrequency.parse({ frequency: 'daily', hour: 8, weekday: 1, timeZone: given });
    expect(parsed.timeZone).toBe(stored);
  });

  it.each(['Mars/Olympus', 'Europe/../etc', '', 'x'.repeat(80)])('refuses %s', (zone) => {
    expect(canonicalTimeZone(zone)).toBeUndefined();
    expect(
      notificationFrequency.safeParse({ frequency: 'daily', hour: 8, weekday: 1, timeZone: zone }).success,
    ).toBe(false);
  });
});
