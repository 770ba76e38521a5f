/// <reference path="./mjml.d.ts" />
import type { Language, NotificationChange, NotificationReason } from '@trackwell/contracts';
import { RTL_LANGUAGES } from '@trackwell/contracts';
import mjml2html from 'mjml';
import type { EmailBranding } from './branding.ts';
import { DIGEST_STRINGS } from './digest-strings.ts';
import {
  addressFor,
  changeRows,
  color,
  escapeHtml as e,
  fontStack,
  footerSection,
  headerLogo,
  linesHtml,
  notificationSubject,
} from './notification-mjml.ts';
import { encodedTemplate } from './qp.ts';
import { EMAIL_STRINGS, type EmailStrings, fill } from './strings.ts';

/**
 * The digest e-mail (issue 16 §2): one per user and period, every change since the last one, each with
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
}

export interface DigestEntry {
  change: NotificationChange;
  reasons: NotificationReason[];
  standardUrl?: string | undefined;
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

const DIGEST_TOKEN = {
  subject: 'TWDIGESTSUBJECT9c1e',
  name: 'TWDIGESTNAME9c1e',
  items: 'TWDIGESTITEMS9c1e',
  unsubscribe: 'https://unsubscribe.invalid/TWDIGESTUNSUB9c1e',
} as const;

function digestMjml(input: DigestContent): string {
  const { language, branding: b, frequency, links } = input;
  const t = EMAIL_STRINGS[language];
  const d = DIGEST_STRINGS[language];
  const rtl = RTL_LANGUAGES.has(language);
  const align = rtl ? 'right' : 'left';
  const k = b.colors;
  return `<mjml lang="${e(language.replace('_', '-'))}" dir="${rtl ? 'rtl' : 'ltr'}">
  <mj-head>
    <mj-title>${DIGEST_TOKEN.subject}</mj-title>
    <mj-attributes>
      <mj-all font-family="${fontStack(b.fonts.body)}" />
      <mj-text color="${color(k.text)}" font-size="15px" line-height="1.5" align="${align}" />
      <mj-section direction="${rtl ? 'rtl' : 'ltr'}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${color(k.surface)}">
    <mj-section background-color="${color(k.headerBackground)}" padding="16px 24px">
      <mj-column>${headerLogo(b, align)}</mj-column>
    </mj-section>
    <mj-section background-color="${color(k.background)}" padding="24px 16px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" font-family="${fontStack(b.fonts.heading)}">${DIGEST_TOKEN.subject}</mj-text>
        <mj-text>${DIGEST_TOKEN.name}</mj-text>
        <mj-text>${e(d.intro[frequency])}</mj-text>
        <mj-text>${DIGEST_TOKEN.items}</mj-text>
        <mj-text><a href="${e(links.trackerUrl)}" style="color:${color(k.link)}">${e(t.openTracker)}</a></mj-text>
        <mj-divider border-color="${color(k.surface)}" />
        <mj-text font-size="13px"><a href="${e(links.preferencesUrl)}" style="color:${color(k.link)}">${e(t.chooseChanges)}</a></mj-text>
        <mj-text font-size="13px"><a href="${DIGEST_TOKEN.unsubscribe}" style="color:${color(k.link)}">${e(t.unsubscribe)}</a></mj-text>
      </mj-column>
    </mj-section>
    ${footerSection(b, t, addressFor(b, language))}
  </mj-body>
</mjml>`;
}

const reasonLines = (t: EmailStrings, reasons: NotificationReason[]) =>
  reasons.map((r) => fill(t.reason[r.type], { value: r.value }));

/** One change of the list as HTML: headline, title, summary, old → new rows, links, why (each source once). */
function entryHtml(input: DigestContent, t: EmailStrings, entry: DigestEntry): string {
  const k = input.branding.colors;
  const { change } = entry;
  const cell = `padding:2px 12px 2px 0;color:${color(k.mutedText)};font-weight:600;text-align:start`;
  const rows = changeRows(t, change)
    .map(([label, value]) => `<tr><th style="${cell}">${e(label)}</th><td>${e(value)}</td></tr>`)
    .join('');
  const title = change.standard?.title ?? change.workItem?.title ?? '';
  const link = (href: string, text: string) =>
    `<a href="${e(href)}" style="color:${color(k.link)}">${e(text)}</a>`;
  const links = [
    entry.standardUrl ? link(entry.standardUrl, t.viewStandard) : '',
    change.compareUrl ? link(change.compareUrl, t.compareVersions) : '',
  ].filter(Boolean);
  return `<div style="padding:12px 0;border-top:1px solid ${color(k.surface)}">
<div style="font-size:17px;font-weight:700">${e(notificationSubject(input.language, change))}</div>
${title ? `<div style="font-weight:600">${e(title)}</div>` : ''}
${change.summary ? `<div dir="auto">${linesHtml(change.summary)}</div>` : ''}
<table role="presentation" style="border-collapse:collapse">${rows}</table>
${links.length ? `<div>${links.join(' &nbsp;·&nbsp; ')}</div>` : ''}
<div style="font-size:13px;color:${color(k.mutedText)}">${reasonLines(t, entry.reasons).map(e).join(' ')}</div>
</div>`;
}

function entryText(input: DigestContent, t: EmailStrings, entry: DigestEntry): string {
  const { change } = entry;
  const title = change.standard?.title ?? change.workItem?.title ?? '';
  return [
    `* ${notificationSubject(input.language, change)}`,
    ...(title ? [`  ${title}`] : []),
    ...(change.summary ? [`  ${change.summary.replace(/\r?\n/g, '\n  ')}`] : []),
    ...changeRows(t, change).map(([label, value]) => `  ${label}: ${value}`),
    ...(entry.standardUrl ? [`  ${t.viewStandard}: ${entry.standardUrl}`] : []),
    ...(change.compareUrl ? [`  ${t.compareVersions}: ${change.compareUrl}`] : []),
    ...reasonLines(t, entry.reasons).map((line) => `  ${line}`),
  ].join('\n');
}

/** Compiles the digest's frame once; `render` fills in one recipient and their changes. */
export async function compileDigest(input: DigestContent): Promise<CompiledDigest> {
  const t = EMAIL_STRINGS[input.language];
  const d = DIGEST_STRINGS[input.language];
  const compiled = await mjml2html(digestMjml(input), {
    validationLevel: 'strict',
    minify: false,
    fonts: {},
  });
  if (compiled.errors.length > 0)
    throw new Error(`Digest template: ${compiled.errors.map((x) => x.formattedMessage).join('; ')}`);
  const html = compiled.html;
  for (const token of Object.values(DIGEST_TOKEN))
    if (!html.includes(token)) throw new Error(`Digest template lost its ${token} token`);
  const b = input.branding;
  const foot = ['--', b.tenantName, addressFor(b, input.language).text].join('\n');
  const encoded = encodedTemplate(html, DIGEST_TOKEN);
  const parts = ({ name, unsubscribeUrl, entries }: DigestRecipient) => {
    const subject = fill(d.subject[input.frequency], { count: String(entries.length) });
    const greeting = fill(t.greeting, { name });
    const text = [
      greeting,
      '',
      d.intro[input.frequency],
      '',
      entries.map((entry) => entryText(input, t, entry)).join('\n\n'),
      '',
      `${t.openTracker}: ${input.links.trackerUrl}`,
      `${t.chooseChanges}: ${input.links.preferencesUrl}`,
      `${t.unsubscribe}: ${unsubscribeUrl}`,
      '',
      foot,
      '',
    ].join('\n');
    const values = {
      subject: e(subject),
      name: e(greeting),
      items: entries.map((entry) => entryHtml(input, t, entry)).join(''),
      unsubscribe: e(unsubscribeUrl),
    };
    return { subject, text, values };
  };
  return {
    language: input.language,
    render(recipient) {
      const { subject, text, values } = parts(recipient);
      return {
        subject,
        // functions as replacements: a '$' in a name is text, not a replacement pattern
        html: html
          .replaceAll(DIGEST_TOKEN.subject, () => values.subject)
          .replace(DIGEST_TOKEN.name, () => values.name)
          .replace(DIGEST_TOKEN.items, () => values.items)
          .replace(DIGEST_TOKEN.unsubscribe, () => values.unsubscribe),
        text,
      };
    },
    renderEncoded(recipient) {
      const { subject, text, values } = parts(recipient);
      return { subject, htmlQuotedPrintable: encoded(values), text };
    },
  };
}
