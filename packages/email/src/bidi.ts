import { type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import { fill } from './strings.ts';

/*
 * Text of two directions in one e-mail. A value written into a translated sentence (a designation, a
 * committee, a name) is isolated, as the portal does: in HTML a <bdi>, in a right-to-left text part
 * between FSI (U+2068) and PDI (U+2069). Without it a Latin designation at the end of an Arabic sentence
 * takes the full stop to its other side (".E07 أنت تتابع اللجنة").
 */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** First-strong isolate … pop directional isolate. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/** A value as escaped HTML of its own direction. */
export const bdi = (value: string) => `<bdi>${escapeHtml(value)}</bdi>`;

/** A translated sentence as HTML: its words escaped, each {value} escaped inside a <bdi>. */
export function fillHtml(template: string, values: Record<string, string>): string {
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const value = /^\{(\w+)\}$/.exec(part)?.[1];
      return value !== undefined && values[value] !== undefined ? bdi(values[value]) : escapeHtml(part);
    })
    .join('');
}

/** A value for a text part: isolated in a right-to-left language (elsewhere as it is). */
export const isolateIn = (language: Language, value: string) =>
  RTL_LANGUAGES.has(language) ? `${FSI}${value}${PDI}` : value;

/** A translated sentence for a text part, each {value} isolated in a right-to-left language. */
export const fillText = (language: Language, template: string, values: Record<string, string>) =>
  fill(template, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isolateIn(language, v)])));

/**
 * The label/value rows of a change as a table in the reader's direction (`dir` on the table itself: mail
 * clients drop the <html>'s), labels aligned to the reading start and never broken inside a word (MJML's
 * cells break words), each value isolated.
 */
export function rowsTableHtml(language: Language, rows: Array<[string, string]>, labelColor: string): string {
  const rtl = RTL_LANGUAGES.has(language);
  const label = [
    `text-align:${rtl ? 'right' : 'left'}`,
    `padding:${rtl ? '4px 0 4px 12px' : '4px 12px 4px 0'}`,
    'vertical-align:top;word-break:normal;overflow-wrap:normal;hyphens:manual',
    `color:${labelColor};font-weight:600`,
  ].join(';');
  const value = `text-align:${rtl ? 'right' : 'left'};padding:4px 0;vertical-align:top;word-break:break-word`;
  const body = rows
    .map(([l, v]) => `<tr><th style="${label}">${escapeHtml(l)}</th><td style="${value}">${bdi(v)}</td></tr>`)
    .join('');
  return `<table role="presentation" dir="${rtl ? 'rtl' : 'ltr'}" style="border-collapse:collapse">${body}</table>`;
}
