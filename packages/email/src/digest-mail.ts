import type { Language, NotificationChange, NotificationReason } from '@trackwell/contracts';
import { changeTitleIn } from '@trackwell/contracts';
import { fillHtml, fillText, isolateIn, rowsTableHtml } from './bidi.ts';
import type { EmailBranding } from './branding.ts';
import { reasonTemplate } from './citation-strings.ts';
import { compileDigestFrame } from './digest-frame.ts';
import { DIGEST_STRINGS } from './digest-strings.ts';
import {
  changeRows,
  color,
  escapeHtml as e,
  linesHtml,
  notificationHeadlineHtml,
  notificationHeadlineText,
  SEPARATOR,
} from './notification-mjml.ts';
import { encodeQuotedPrintable, joinQuotedPrintable } from './qp.ts';
import { EMAIL_STRINGS, type EmailStrings } from './strings.ts';
import { type SuccessorChoice, successorPart } from './successor-part.ts';
import { TEST_DIGEST_STRINGS } from './test-digest-strings.ts';

/**
 * The digest e-mail: one per user and period, every change since the last one, each with
 * why (the sources that matched, once each). Like the change e-mail, MJML runs once per (store, language,
 * frequency) with opaque tokens; per recipient the greeting, the list of changes (plain escaped HTML) and
 * the unsubscribe link are filled in.
 */

export type DigestFrequency = 'daily' | 'weekly';

export interface DigestContent {
  language: Language;
  branding: EmailBranding;
  frequency: DigestFrequency;
  links: { trackerUrl: string; preferencesUrl: string };
  /** A test the user asked for (the account's "Send me a test digest now"): marked so, subject and intro. */
  test?: boolean;
}

export interface DigestEntry {
  change: NotificationChange;
  reasons: NotificationReason[];
  standardUrl?: string | undefined;
  /** A replacement of a standard the recipient tracks: moved already, or their signed link. */
  successor?: SuccessorChoice | undefined;
}

export interface DigestRecipient {
  name: string;
  unsubscribeUrl: string;
  entries: DigestEntry[];
}

export interface CompiledDigest {
  language: Language;
  render(recipient: DigestRecipient): { subject: string; html: string; text: string };
  /** The same, the HTML as its quoted-printable body: the frame's static parts were encoded once (qp.ts). */
  renderEncoded(recipient: DigestRecipient): { subject: string; htmlQuotedPrintable: string; text: string };
}

const reasonsHtml = (language: Language, t: EmailStrings, entry: DigestEntry) =>
  entry.reasons.map((r) => {
    const { template, values } = reasonTemplate(language, t.reason, r, entry.change.kind);
    return fillHtml(template, values);
  });
const reasonsText = (language: Language, t: EmailStrings, entry: DigestEntry) =>
  entry.reasons.map((r) => {
    const { template, values } = reasonTemplate(language, t.reason, r, entry.change.kind);
    return fillText(language, template, values);
  });

/** One change of the list as HTML: headline, title, summary, old → new rows, links, why (each source once). */
function entryHtml(input: DigestContent, t: EmailStrings, entry: DigestEntry): string {
  const k = input.branding.colors;
  const { change } = entry;
  const rows = rowsTableHtml(input.language, changeRows(t, change), color(k.mutedText));
  const title = changeTitleIn(input.language, change);
  const link = (href: string, text: string) =>
    `<a href="${e(href)}" style="color:${color(k.link)}">${e(text)}</a>`;
  const follow = successorPart(input.language, input.branding, change, entry.successor).html;
  const links = [
    entry.standardUrl ? link(entry.standardUrl, t.viewStandard) : '',
    change.compareUrl ? link(change.compareUrl, t.compareVersions) : '',
  ].filter(Boolean);
  return `<div style="padding:12px 0;border-top:1px solid ${color(k.surface)}">
<div style="font-size:17px;font-weight:700">${notificationHeadlineHtml(input.language, change, entry.successor !== undefined)}</div>
${title ? `<div style="font-weight:600">${e(title)}</div>` : ''}
${change.summary ? `<div dir="auto">${linesHtml(change.summary)}</div>` : ''}
${rows}
${links.length ? `<div>${links.join(SEPARATOR)}</div>` : ''}
${follow ? `<div style="padding:8px 0">${follow}</div>` : ''}
<div style="font-size:13px;color:${color(k.mutedText)}">${reasonsHtml(input.language, t, entry).join(' ')}</div>
</div>`;
}

const successorLines = (input: DigestContent, entry: DigestEntry) => {
  const { text } = successorPart(input.language, input.branding, entry.change, entry.successor);
  return text ? [`  ${text.trim()}`] : [];
};

function entryText(input: DigestContent, t: EmailStrings, entry: DigestEntry): string {
  const { change } = entry;
  const title = changeTitleIn(input.language, change);
  return [
    `* ${notificationHeadlineText(input.language, change, entry.successor !== undefined)}`,
    ...(title ? [`  ${title}`] : []),
    ...(change.summary ? [`  ${change.summary.replace(/\r?\n/g, '\n  ')}`] : []),
    ...changeRows(t, change).map(([label, value]) => `  ${label}: ${isolateIn(input.language, value)}`),
    ...(entry.standardUrl ? [`  ${t.viewStandard}: ${entry.standardUrl}`] : []),
    ...(change.compareUrl ? [`  ${t.compareVersions}: ${change.compareUrl}`] : []),
    ...successorLines(input, entry),
    ...reasonsText(input.language, t, entry).map((line) => `  ${line}`),
  ].join('\n');
}

/** How many changes a compiled digest keeps rendered (about 7 kB each), for the recipients still to come. */
const RENDERED_ENTRIES = 256;

/**
 * A change's HTML (quoted-printable) and text, made once for every recipient of a compiled digest who gets
 * it with the same reasons: a change reaches everyone who tracks its committee, industry area or publisher,
 * and the digest run renders each of them in turn (bench/digest, --cpu-prof: rendering and encoding the
 * changes were a quarter of the run's CPU). A successor link is the recipient's own (signed for them): an
 * entry with one is rendered for that recipient alone. The key is the entry itself, so nothing can go stale.
 */
function encodedEntries(input: DigestContent, t: EmailStrings) {
  const rendered = new Map<string, { quotedPrintable: string; text: string }>();
  const render = (entry: DigestEntry) => ({
    quotedPrintable: encodeQuotedPrintable(entryHtml(input, t, entry)),
    text: entryText(input, t, entry),
  });
  return (entry: DigestEntry) => {
    if (entry.successor) return render(entry);
    const key = JSON.stringify([entry.change, entry.reasons, entry.standardUrl]);
    let done = rendered.get(key);
    if (!done) {
      if (rendered.size >= RENDERED_ENTRIES) rendered.clear();
      done = render(entry);
      rendered.set(key, done);
    }
    return done;
  };
}

/** Compiles the digest's frame once (digest-frame.ts); `render` fills in one recipient and their changes. */
export async function compileDigest(input: DigestContent): Promise<CompiledDigest> {
  const t = EMAIL_STRINGS[input.language];
  const d = DIGEST_STRINGS[input.language];
  const test = input.test ? TEST_DIGEST_STRINGS[input.language] : undefined;
  const intro = test ? `${test.intro} ${d.intro[input.frequency]}` : d.intro[input.frequency];
  const frame = await compileDigestFrame({
    language: input.language,
    branding: input.branding,
    intro,
    links: input.links,
    preferencesLabel: t.chooseChanges,
  });
  const parts = ({ name, unsubscribeUrl, entries }: DigestRecipient, entryTexts: string[]) => {
    // The Subject's values isolated in a right-to-left language, as in the text part (bidi.ts).
    const counted = fillText(input.language, d.subject[input.frequency], { count: String(entries.length) });
    const subject = test ? `[${test.mark}] ${counted}` : counted;
    const greeting = fillText(input.language, t.greeting, { name });
    const empty = test && entries.length === 0 ? test.empty : undefined;
    const text = [
      greeting,
      '',
      intro,
      '',
      empty ?? entryTexts.join('\n\n'),
      '',
      `${t.openTracker}: ${input.links.trackerUrl}`,
      `${t.chooseChanges}: ${input.links.preferencesUrl}`,
      `${t.unsubscribe}: ${unsubscribeUrl}`,
      '',
      frame.foot,
      '',
    ].join('\n');
    const emptyHtml = empty === undefined ? undefined : `<p>${e(empty)}</p>`;
    return {
      text,
      emptyHtml,
      head: { subject, greetingHtml: fillHtml(t.greeting, { name }), unsubscribeUrl },
    };
  };
  const encodedEntry = encodedEntries(input, t);
  return {
    language: input.language,
    render(recipient) {
      const { text, emptyHtml, head } = parts(
        recipient,
        recipient.entries.map((entry) => entryText(input, t, entry)),
      );
      const items = emptyHtml ?? recipient.entries.map((entry) => entryHtml(input, t, entry)).join('');
      return { subject: head.subject, html: frame.fill({ ...head, items }), text };
    },
    renderEncoded(recipient) {
      const entries = recipient.entries.map(encodedEntry);
      const { text, emptyHtml, head } = parts(
        recipient,
        entries.map((entry) => entry.text),
      );
      const items = emptyHtml ?? {
        quotedPrintable: joinQuotedPrintable(entries.map((entry) => entry.quotedPrintable)),
      };
      return { subject: head.subject, htmlQuotedPrintable: frame.fillEncoded({ ...head, items }), text };
    },
  };
}
