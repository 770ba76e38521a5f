import { toBcp47 } from '../../../../lib/i18n.ts';

/** A date and time in the page's language (the console's tables); i18next's `es_ES` is Intl's `es-ES`. */
export function formatInstant(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(toBcp47(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

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
