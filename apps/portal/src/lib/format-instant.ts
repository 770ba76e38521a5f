import { toBcp47 } from './i18n.ts';

/** A date and time in the page's language (the console's and the account area's tables); i18next's `es_ES` is Intl's `es-ES`. */
export function formatInstant(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(toBcp47(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
