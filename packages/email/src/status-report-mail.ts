import type { Language, ReviewForecast } from '@trackwell/contracts';
import { fillHtml, fillText } from './bidi.ts';
import type { EmailBranding } from './branding.ts';
import { compileDigestFrame } from './digest-frame.ts';
import { forecastHtml, forecastText } from './forecast-words.ts';
import { color, escapeHtml as e, statusLabel } from './notification-mjml.ts';
import { STATUS_REPORT_STRINGS, type StatusReportStrings } from './status-report-strings.ts';
import { EMAIL_STRINGS, type EmailStrings, fill } from './strings.ts';

/**
 * The monthly "status of your list" report: every standard the user tracks with its current
 * edition, status and publication date, a line per tracked source, and "no changes" or how many since the
 * month began, so "nothing changed" is on record. The digest's frame (digest-frame.ts), compiled once per
 * (store, language); per recipient the list is written as escaped HTML and as plain text.
 */
export interface StatusReportContent {
  language: Language;
  branding: EmailBranding;
  links: { trackerUrl: string; preferencesUrl: string };
}

export interface StatusReportList {
  standards: Array<{
    designation: string;
    title: string;
    edition: string;
    status: string;
    publishedOn: string;
    url?: string | undefined;
    /** Its review forecast under the store's rules; null or absent: none. */
    forecast?: ReviewForecast | null | undefined;
  }>;
  /** Every standard tracked (more than `standards` when the list was cut). */
  total: number;
  sources: Array<{ type: keyof StatusReportStrings['source']; name: string; standards: number | null }>;
  changes: number;
  /** 'YYYY-MM-DD': the first day of the month the changes were counted in, and the report's date. */
  since: string;
  asOf: string;
}

export interface CompiledStatusReport {
  language: Language;
  render(recipient: { name: string; unsubscribeUrl: string; list: StatusReportList }): {
    subject: string;
    html: string;
    text: string;
  };
}

/** The report's words for one recipient, shared by the HTML and the text part. */
function reportWords(language: Language, list: StatusReportList) {
  const t = EMAIL_STRINGS[language];
  const r = STATUS_REPORT_STRINGS[language];
  const dates = new Intl.DateTimeFormat(language.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' });
  const date = (iso: string) => dates.format(new Date(`${iso}T00:00:00Z`));
  const count = (n: number) => n.toLocaleString(language.replace('_', '-'));
  return {
    // The Subject's date isolated in a right-to-left language (a Latin-script date keeps its order).
    subject: fillText(language, r.subject, { date: date(list.asOf) }),
    changes:
      list.changes === 0
        ? fill(r.noChanges, { date: date(list.since) })
        : fill(r.changes, { date: date(list.since), count: count(list.changes) }),
    standardsTitle: fill(r.standardsTitle, { count: count(list.total) }),
    standards: list.standards.map((s) => ({
      ...s,
      facts: standardFacts(t, r, s, date),
      forecastText: s.forecast ? forecastText(language, s.forecast) : undefined,
      forecastHtml: s.forecast ? forecastHtml(language, s.forecast) : undefined,
    })),
    more:
      list.total > list.standards.length
        ? fill(r.more, { count: count(list.total - list.standards.length) })
        : '',
    sources: list.sources.map((s) =>
      fill(r.source[s.type], { name: s.name, count: s.standards === null ? '' : count(s.standards) }),
    ),
  };
}

const standardFacts = (
  t: EmailStrings,
  r: StatusReportStrings,
  s: StatusReportList['standards'][number],
  date: (iso: string) => string,
) =>
  [
    `${r.labels.edition}: ${s.edition}`,
    `${t.labels.status}: ${statusLabel(t, s.status)}`,
    `${r.labels.published}: ${date(s.publishedOn)}`,
  ].join(' · ');

function reportHtml(input: StatusReportContent, w: ReturnType<typeof reportWords>, list: StatusReportList) {
  const k = input.branding.colors;
  const r = STATUS_REPORT_STRINGS[input.language];
  const heading = (text: string) =>
    `<div style="font-size:17px;font-weight:700;padding-top:12px">${e(text)}</div>`;
  const standards = w.standards
    .map(
      (s) => `<div style="padding:8px 0;border-top:1px solid ${color(k.surface)}">
<div><b>${s.url ? `<a href="${e(s.url)}" style="color:${color(k.link)}">${e(s.designation)}</a>` : e(s.designation)}</b> <span dir="auto">${e(s.title)}</span></div>
<div style="font-size:13px;color:${color(k.mutedText)}">${e(s.facts)}</div>${
        s.forecastHtml
          ? `<div style="font-size:13px">${s.forecastHtml.due}</div><div style="font-size:13px;color:${color(k.mutedText)}">${s.forecastHtml.note}</div>`
          : ''
      }
</div>`,
    )
    .join('');
  const more = w.more
    ? `<div style="padding:8px 0"><a href="${e(input.links.trackerUrl)}" style="color:${color(k.link)}">${e(w.more)}</a></div>`
    : '';
  const sources = w.sources.length
    ? `${heading(r.sourcesTitle)}<ul style="padding-inline-start:20px;margin:4px 0">${w.sources.map((s) => `<li>${e(s)}</li>`).join('')}</ul>`
    : '';
  return `<div style="font-weight:700;padding:8px 12px;background:${color(k.surface)}">${e(w.changes)}</div>
${heading(w.standardsTitle)}${list.total === 0 ? `<div>${e(r.noStandards)}</div>` : standards}${more}${sources}`;
}

function reportText(input: StatusReportContent, w: ReturnType<typeof reportWords>, list: StatusReportList) {
  const r = STATUS_REPORT_STRINGS[input.language];
  return [
    w.changes,
    '',
    w.standardsTitle,
    ...(list.total === 0 ? [r.noStandards] : []),
    ...w.standards.flatMap((s) => [
      `* ${s.designation} ${s.title}`,
      `  ${s.facts}`,
      ...(s.forecastText ? [`  ${s.forecastText.due}`, `  ${s.forecastText.note}`] : []),
    ]),
    ...(w.more ? [`${w.more} ${input.links.trackerUrl}`] : []),
    ...(w.sources.length ? ['', r.sourcesTitle, ...w.sources.map((s) => `* ${s}`)] : []),
  ].join('\n');
}

/** Compiles the report's frame once; `render` fills in one recipient and their list. */
export async function compileStatusReport(input: StatusReportContent): Promise<CompiledStatusReport> {
  const t = EMAIL_STRINGS[input.language];
  const r = STATUS_REPORT_STRINGS[input.language];
  const frame = await compileDigestFrame({ ...input, intro: r.intro, preferencesLabel: r.turnOff });
  return {
    language: input.language,
    render({ name, unsubscribeUrl, list }) {
      const w = reportWords(input.language, list);
      const greeting = fillText(input.language, t.greeting, { name });
      const text = [
        greeting,
        '',
        r.intro,
        '',
        reportText(input, w, list),
        '',
        `${t.openTracker}: ${input.links.trackerUrl}`,
        `${r.turnOff}: ${input.links.preferencesUrl}`,
        `${t.unsubscribe}: ${unsubscribeUrl}`,
        '',
        frame.foot,
        '',
      ].join('\n');
      const items = reportHtml(input, w, list);
      return {
        subject: w.subject,
        html: frame.fill({
          subject: w.subject,
          greetingHtml: fillHtml(t.greeting, { name }),
          items,
          unsubscribeUrl,
        }),
        text,
      };
    },
  };
}
