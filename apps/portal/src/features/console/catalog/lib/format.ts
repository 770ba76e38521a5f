import { toBcp47 } from '../../../../lib/i18n.ts';

/** A byte count as people read it, in the page's language: "20 MB", "3.4 kB". */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(toBcp47(language), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A whole percentage (0–100) in the page's language: "45 %", "٤٥٪". */
export const formatPercent = (percent: number, language: string) =>
  new Intl.NumberFormat(toBcp47(language), { style: 'percent' }).format(percent / 100);

/** A date and time in the page's language. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(toBcp47(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
