import { toBcp47 } from '../../../../lib/i18n.ts';

export { formatInstant } from '../../../../lib/format-instant.ts';

/** A UTC day (YYYY-MM-DD) in the page's language, short. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(toBcp47(language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** The UTC day `days` before today (0: today), as YYYY-MM-DD. */
export function utcDay(daysAgo: number, now = Date.now()): string {
  return new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
