import { canonicalTimeZone, timeZoneChoices } from '@trackwell/contracts';

/**
 * Time zones as the account shows them: IANA's current names (contracts `timeZoneChoices`), UTC offered,
 * each named in the reader's language by Intl ("Central European Time") with its city and its offset now
 * ("GMT+1"). Intl has no display names for zones, so the generic name comes from `DateTimeFormat`'s
 * `timeZoneName`. The city (the id's last part) is isolated (FSI…PDI): Latin inside an Arabic label.
 */

export interface TimeZoneOption {
  zone: string;
  label: string;
  /** Minutes east of UTC now: the display order. */
  offset: number;
}

const FSI = '\u2068';
const PDI = '\u2069';

function zoneName(locale: string, zone: string, style: 'long' | 'longGeneric' | 'shortOffset'): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style }).formatToParts(
    Date.now(),
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** Minutes east of UTC now, from the zone's "GMT+5:30" (in English, whatever the page's language). */
function offsetMinutes(zone: string): number {
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(zoneName('en-US', zone, 'shortOffset'));
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const cityOf = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

/**
 * The zone as one reads it: "Central European Time — Madrid (GMT+1)", "Coordinated Universal Time (UTC)";
 * without the offset (inside a sentence's parentheses) "Central European Time — Madrid", "UTC".
 */
export function timeZoneLabel(zone: string, locale: string, withOffset = true): string {
  if (zone === 'UTC') return withOffset ? `${zoneName(locale, zone, 'long')} (UTC)` : 'UTC';
  const named = `${zoneName(locale, zone, 'longGeneric')} — ${FSI}${cityOf(zone)}${PDI}`;
  return withOffset ? `${named} (${zoneName(locale, zone, 'shortOffset')})` : named;
}

/** The zone as saved, by its current name ("Asia/Calcutta" selects "Asia/Kolkata"). */
export const currentZoneName = (zone: string) => canonicalTimeZone(zone) ?? zone;

/** Every zone to offer, UTC first, then by offset and label; `current` is among them even if unknown here. */
export function timeZoneOptions(locale: string, current: string): TimeZoneOption[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const zones = timeZoneChoices(intl.supportedValuesOf?.('timeZone') ?? []);
  const selected = currentZoneName(current);
  if (!zones.includes(selected)) zones.push(selected);
  const options = zones.map((zone) => ({
    zone,
    label: timeZoneLabel(zone, locale),
    offset: offsetMinutes(zone),
  }));
  const [utc, ...rest] = options;
  const byOffset = rest.sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, locale));
  return utc ? [utc, ...byOffset] : byOffset;
}
