/**
 * Time zones as people pick them: IANA's current names. Browsers and Node answer ICU's ids, which keep
 * names IANA renamed long ago ("Asia/Calcutta", "Asia/Saigon", "Europe/Kiev") and leave out UTC; every
 * zone the portal offers and the server stores goes through `canonicalTimeZone`, so an old name saved
 * before still selects its zone.
 */

/** ICU's old spelling → IANA's current name (IANA's `backward` renames that ICU still answers). */
export const TIME_ZONE_RENAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The zone's current IANA name when this runtime knows it, else undefined. `Intl.DateTimeFormat` throws a
 * RangeError on an unknown zone; "utc", "Etc/UTC" or "asia/calcutta" come back as "UTC" and "Asia/Kolkata".
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    return TIME_ZONE_RENAMES[resolved] ?? resolved;
  } catch {
    return undefined;
  }
}

/**
 * The zones to offer: UTC first, then the runtime's zones by their current names, each once, in id
 * order (the caller orders them for display). `supported` is `Intl.supportedValuesOf('timeZone')`.
 */
export function timeZoneChoices(supported: readonly string[]): string[] {
  const zones = new Set<string>();
  for (const zone of supported) {
    const canonical = canonicalTimeZone(zone);
    if (canonical && canonical !== 'UTC') zones.add(canonical);
  }
  return ['UTC', ...[...zones].sort()];
}
