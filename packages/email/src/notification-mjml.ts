import type { Language, NotificationChange } from '@trackwell/contracts';
import { changeTitleIn, FALLBACK_LANGUAGE, pickLocalized, RTL_LANGUAGES } from '@trackwell/contracts';
import { escapeHtml, fillHtml, fillText, rowsTableHtml } from './bidi.ts';
import type { EmailBranding, EmailImage } from './branding.ts';
import { EMAIL_STRINGS, type EmailStrings, type StatusCode } from './strings.ts';
import { SUCCESSOR_STRINGS } from './successor-strings.ts';

/**
 * The change-notification e-mail's MJML, for one (store, language, change): the three per-recipient parts
 * are opaque tokens (TOKEN) that render.ts fills in. Every value written into the markup is escaped, and
 * theme values written raw into attributes are checked again here.
 */

export { escapeHtml };

/** Text of several lines (a publisher's summary) as HTML: escaped, each line break a <br>. */
export const linesHtml = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

// A theme colour is #rrggbb by schema; checked again because it is written raw into attributes.
export const color = (c: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : '#000000');
// A font stack from THEME_FONTS (emailFontStack); checked again because it is written raw into attributes.
export const fontStack = (f: string) => (/^[\w\s,'-]{1,200}$/.test(f) ? f : 'sans-serif');
const px = (n: number) => `${Math.max(1, Math.round(n))}px`;

/** An <mj-image> with both dimensions (clients lay it out before loading), scaled to `height` when given. */
function mjImage(image: EmailImage, alt: string, attributes: string, height = image.height): string {
  const width = (image.width * height) / image.height;
  return `<mj-image src="${escapeHtml(image.url)}" alt="${escapeHtml(alt)}" width="${px(width)}" height="${px(height)}" ${attributes} />`;
}

export const TOKEN = {
  name: 'TWTOKENNAME7f3a',
  reasons: 'TWTOKENREASONS7f3a',
  unsubscribe: 'https://unsubscribe.invalid/TWTOKENUNSUB7f3a',
  /** Only in a replacement's e-mail: the "Track <new> instead" button, or "You now track …". */
  successor: 'TWTOKENSUCCESSOR7f3a',
  /** The headline: a new standard's says it replaces one the reader tracks (those readers only). */
  headline: 'TWTOKENHEADLINE7f3a',
} as const;

export const statusLabel = (t: EmailStrings, s: string) => t.status[s as StatusCode] ?? s;

/** The successor words of the language whose e-mail words these are. */
const successorStringsOf = (t: EmailStrings) =>
  SUCCESSOR_STRINGS[
    (Object.keys(EMAIL_STRINGS) as Language[]).find((language) => EMAIL_STRINGS[language] === t) ??
      FALLBACK_LANGUAGE
  ];

/** The rows of "what changed" as [label, value] pairs, in reading order. */
export function changeRows(t: EmailStrings, change: NotificationChange): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (change.standard) {
    const s = change.standard;
    if (s.oldDesignation) rows.push([t.labels.previousDesignation, s.oldDesignation]);
    rows.push([t.labels.designation, s.designation]);
    if (s.oldStatus) rows.push([t.labels.previousStatus, statusLabel(t, s.oldStatus)]);
    rows.push([t.labels.status, statusLabel(t, s.status)]);
    rows.push([t.labels.date, s.date]);
    if (s.committee) rows.push([t.labels.committee, s.committee]);
  }
  if (change.workItem) {
    const w = change.workItem;
    rows.push([t.labels.workItem, `${w.number} — ${w.title}`]);
    if (w.oldStatus) rows.push([t.labels.previousStatus, statusLabel(t, w.oldStatus)]);
    rows.push([t.labels.status, statusLabel(t, w.status)]);
    rows.push([t.labels.committee, w.committee]);
  }
  if (change.successor) {
    // The standard a new one replaces, or the one that replaces a withdrawn one
    const { from, to } = change.successor;
    if (change.kind === 'withdrawal') rows.push([successorStringsOf(t).replacedBy, to.designation]);
    else {
      rows.push([t.labels.previousDesignation, from.designation]);
      if (from.date) rows.push([successorStringsOf(t).previousPublished, from.date]);
    }
  }
  if (change.note) rows.push([t.labels.note, change.note]);
  return rows;
}

/** A replacement's old → new line (designations read left to right, also in Arabic). */
function successorLine(change: NotificationChange) {
  if (!change.successor) return '';
  const { from, to } = change.successor;
  return `<mj-text font-size="17px" font-weight="700"><span dir="ltr">${escapeHtml(`${from.designation} → ${to.designation}`)}</span></mj-text>
        <mj-text>${TOKEN.successor}</mj-text>`;
}

/**
 * The headline's words and values: "New standard X replaces Y, which you track" for a reader who tracks the
 * standard a new one replaces (`tracksReplaced`), else the kind's headline.
 */
function headline(
  language: Language,
  change: NotificationChange,
  tracksReplaced: boolean,
): { template: string; values: Record<string, string> } {
  const pair = change.successor;
  if (tracksReplaced && pair && change.kind !== 'withdrawal')
    return {
      template: SUCCESSOR_STRINGS[language].replacesTracked,
      values: { new: pair.to.designation, old: pair.from.designation },
    };
  return {
    template: EMAIL_STRINGS[language].headline[change.kind],
    values: { designation: change.standard?.designation ?? '', number: change.workItem?.number ?? '' },
  };
}

/**
 * The Subject line: the headline with its designations isolated (FSI … PDI) in a right-to-left language, so
 * "ISO 13849-1" keeps its order and its side of the sentence in an Arabic mailbox's list.
 */
export function notificationSubject(language: Language, change: NotificationChange, tracksReplaced = false) {
  const h = headline(language, change, tracksReplaced);
  return fillText(language, h.template, h.values);
}

/** The headline of a text part: its values isolated in a right-to-left language. */
export function notificationHeadlineText(
  language: Language,
  change: NotificationChange,
  tracksReplaced = false,
) {
  const h = headline(language, change, tracksReplaced);
  return fillText(language, h.template, h.values);
}

/** The same headline as HTML, the designations isolated (a Latin code inside an Arabic sentence). */
export function notificationHeadlineHtml(
  language: Language,
  change: NotificationChange,
  tracksReplaced = false,
) {
  const h = headline(language, change, tracksReplaced);
  return fillHtml(h.template, h.values);
}

/** The store's logo in the header (linked home), or its name when it has no drawable logo. */
export function headerLogo(b: EmailBranding, align: string) {
  const k = b.colors;
  const e = escapeHtml;
  return b.logo
    ? mjImage(b.logo, b.tenantName, `href="${e(b.homeUrl)}" align="${align}" padding="0"`)
    : `<mj-text font-size="24px" font-weight="700" color="${color(k.headerText)}" font-family="${fontStack(b.fonts.heading)}" padding="0"><a href="${e(b.homeUrl)}" style="color:${color(k.headerText)};text-decoration:none">${e(b.tenantName)}</a></mj-text>`;
}

/** spec §2 Footer: the store's logo (drawn for the header, so on a tile of that colour) or "Powered by". */
function footerLogo(b: EmailBranding, t: EmailStrings) {
  const k = b.colors;
  if (b.footerLogo === 'tenant')
    return b.logo
      ? mjImage(
          b.logo,
          b.tenantName,
          `align="center" container-background-color="${color(k.headerBackground)}" padding="8px"`,
          32,
        )
      : '';
  return `<mj-text align="center" color="${color(k.footerText)}" font-size="12px">${escapeHtml(t.poweredBy)}${b.poweredByLogo ? '' : ' Trackwell'}</mj-text>
         ${b.poweredByLogo ? mjImage(b.poweredByLogo, 'Trackwell', 'align="center"', 28) : ''}`;
}

/**
 * Between links of a row: the dot ends a line, never starts one (the break is after it, not before).
 */
export const SEPARATOR = '&nbsp;&nbsp;·&nbsp; ';

/** The footer section: the store's links, its address in the reader's language, the logo. */
export function footerSection(b: EmailBranding, t: EmailStrings, address: ReturnType<typeof pickLocalized>) {
  const k = b.colors;
  const e = escapeHtml;
  const links = b.footerLinks
    .map((l) => `<a href="${e(l.url)}" style="color:${color(k.footerText)}">${e(t.footerLinks[l.label])}</a>`)
    .join(SEPARATOR);
  return `<mj-section background-color="${color(k.footerBackground)}" padding="16px">
      <mj-column>
        <mj-text align="center" color="${color(k.footerText)}" font-size="12px">${links}</mj-text>
        <mj-text align="center" color="${color(k.footerText)}" font-size="12px"><span lang="${e(address.language.replace('_', '-'))}" dir="${address.dir}">${e(address.text)}</span></mj-text>
        ${footerLogo(b, t)}
      </mj-column>
    </mj-section>`;
}

export interface NotificationContent {
  language: Language;
  branding: EmailBranding;
  change: NotificationChange;
  links: {
    standardUrl?: string | undefined;
    trackerUrl: string;
    /** Where the reader chooses which kinds of change they get (a link in every e-mail). */
    preferencesUrl?: string | undefined;
  };
}

/** The message's body section: headline, greeting, what changed, the buttons, why, unsubscribe. */
function bodySection(input: NotificationContent, t: EmailStrings, align: string) {
  const { branding: b, change, links, language } = input;
  const k = b.colors;
  const e = escapeHtml;
  const title = changeTitleIn(language, change);
  const table = rowsTableHtml(language, changeRows(t, change), color(k.mutedText));
  // The publisher's own words (any language, several lines): its direction is its own.
  const summary = change.summary
    ? `<mj-text><div dir="auto">${linesHtml(change.summary)}</div></mj-text>`
    : '';
  const compare = change.compareUrl
    ? `<mj-text><a href="${e(change.compareUrl)}" style="color:${color(k.link)}">${e(t.compareVersions)}</a></mj-text>`
    : '';
  const button = links.standardUrl
    ? `<mj-button href="${e(links.standardUrl)}" background-color="${color(k.primary)}" color="${color(k.primaryContrast)}" align="${align}">${e(t.viewStandard)}</mj-button>`
    : '';
  return `<mj-section background-color="${color(k.background)}" padding="24px 16px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" font-family="${fontStack(b.fonts.heading)}">${TOKEN.headline}</mj-text>
        <mj-text>${TOKEN.name}</mj-text>
        <mj-text font-size="17px" font-weight="600">${e(title)}</mj-text>
        ${summary}
        <mj-text>${table}</mj-text>
        ${successorLine(change)}
        ${compare}
        ${button}
        <mj-text><a href="${e(links.trackerUrl)}" style="color:${color(k.link)}">${e(t.openTracker)}</a></mj-text>
        <mj-divider border-color="${color(k.surface)}" />
        <mj-text font-size="13px" font-weight="600" color="${color(k.mutedText)}">${e(t.whyTitle)}</mj-text>
        <mj-text font-size="13px" color="${color(k.mutedText)}">${TOKEN.reasons}</mj-text>
        ${links.preferencesUrl ? `<mj-text font-size="13px"><a href="${e(links.preferencesUrl)}" style="color:${color(k.link)}">${e(t.chooseChanges)}</a></mj-text>` : ''}
        <mj-text font-size="13px"><a href="${TOKEN.unsubscribe}" style="color:${color(k.link)}">${e(t.unsubscribe)}</a></mj-text>
      </mj-column>
    </mj-section>`;
}

/** The store's address as the reader's language has it (else the store's default language's). */
export const addressFor = (b: EmailBranding, language: Language) =>
  pickLocalized(
    b.displayAddress,
    b.displayAddressByLanguage,
    language,
    b.defaultLanguage ?? FALLBACK_LANGUAGE,
  );

/** The whole message as MJML, right to left in Arabic. */
export function notificationMjml(input: NotificationContent): string {
  const { language, branding: b } = input;
  const t = EMAIL_STRINGS[language];
  const rtl = RTL_LANGUAGES.has(language);
  const align = rtl ? 'right' : 'left';
  const subject = escapeHtml(notificationSubject(language, input.change));
  const k = b.colors;
  return `<mjml lang="${escapeHtml(language.replace('_', '-'))}" dir="${rtl ? 'rtl' : 'ltr'}">
  <mj-head>
    <mj-title>${subject}</mj-title>
    <mj-preview>${subject}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${fontStack(b.fonts.body)}" />
      <mj-text color="${color(k.text)}" font-size="15px" line-height="1.5" align="${align}" />
      <mj-section direction="${rtl ? 'rtl' : 'ltr'}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${color(k.surface)}">
    <mj-section background-color="${color(k.headerBackground)}" padding="16px 24px">
      <mj-column>
        ${headerLogo(b, align)}
      </mj-column>
    </mj-section>
    ${bodySection(input, t, align)}
    ${footerSection(b, t, addressFor(b, language))}
  </mj-body>
</mjml>`;
}
