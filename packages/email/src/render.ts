/// <reference path="./mjml.d.ts" />
import type {
  FOOTER_LINK_KEYS,
  Language,
  NotificationChange,
  NotificationReason,
  TenantConfig,
  TenantTheme,
  TextByLanguage,
} from '@trackwell/contracts';
import { FALLBACK_LANGUAGE, personLanguage, pickLocalized, RTL_LANGUAGES } from '@trackwell/contracts';
import mjml2html from 'mjml';
import { emailFontStack } from './email-fonts.ts';
import { encodeQuotedPrintable, joinQuotedPrintable } from './qp.ts';
import { EMAIL_STRINGS, type EmailStrings, fill, type StatusCode } from './strings.ts';

/**
 * The change-notification e-mail, written in MJML. Why MJML and not React Email: Node 24 runs our
 * TypeScript by stripping types and has no JSX step, and MJML is plain JavaScript (checked on Node 24,
 * no native addon) whose <mj-*> markup compiles to the table layout mail clients need, so nobody
 * hand-builds table HTML. MJML 5's compile is ~5 ms, too slow per recipient for 100,000 e-mails, so a
 * message is compiled ONCE per (tenant, language, event) with opaque tokens for the three per-recipient
 * parts (name, reasons, unsubscribe URL) that `render()` fills in, escaped, by plain string replacement.
 * The sender uses `renderEncoded()`: the HTML's static parts are also quoted-printable encoded once, so per
 * e-mail only the recipient's parts are encoded (nodemailer scanning and encoding the whole HTML for every
 * e-mail was the fan-out's largest CPU cost, see bench/fanout).
 */

type FooterLinkKey = (typeof FOOTER_LINK_KEYS)[number];

/** A raster image an e-mail shows: an absolute URL any mail client may load, and its size in CSS pixels. */
export interface EmailImage {
  url: string;
  width: number;
  height: number;
}

/** Everything tenant-specific the e-mail shows; built from the tenant's config and theme. */
export interface EmailBranding {
  tenantName: string;
  /** Absolute URLs: a mail client has no base URL. */
  homeUrl: string;
  /** The logo as configured (SVG): for web pages such as the unsubscribe page, not for e-mails. */
  logoUrl: string;
  /**
   * The logo e-mails show: a PNG of the store's logo (Gmail and Outlook show no SVG), with its size so that
   * clients lay it out before loading it. Absent (not drawable): the e-mail shows the store's name instead.
   */
  logo?: EmailImage | undefined;
  /** spec §2 Footer: the tenant's own logo ('tenant') or "Powered by:" + the platform logo. */
  footerLogo: 'tenant' | 'poweredBy';
  poweredByLogoUrl: string;
  /** The platform logo as a PNG for e-mails; absent: the platform's name as text. */
  poweredByLogo?: EmailImage | undefined;
  /** The theme's body and heading fonts as system font stacks (no web fonts in e-mails). */
  fonts: { body: string; heading: string };
  colors: {
    /** What the logo is drawn on (the portal's header): the e-mail's header too. */
    headerBackground: string;
    headerText: string;
    primary: string;
    primaryContrast: string;
    background: string;
    surface: string;
    text: string;
    mutedText: string;
    link: string;
    footerBackground: string;
    footerText: string;
  };
  footerLinks: Array<{ label: FooterLinkKey; url: string }>;
  displayAddress: string;
  /** The address as the store writes it for other languages (issue 12 §5); the e-mail picks the reader's. */
  displayAddressByLanguage?: TextByLanguage | undefined;
  /** The language `displayAddress` is written in (the store's default language). */
  defaultLanguage?: Language | undefined;
}

/**
 * `origin` is the tenant's own origin (http://astm.localhost:8080); relative config URLs resolve against it.
 * `images` are the PNG logos for e-mails (the server draws them: modules/tenants/logo-png).
 */
export function brandingFromTenant(
  tenant: { config: TenantConfig; theme: TenantTheme },
  origin: string,
  images: { logo?: EmailImage | undefined; poweredBy?: EmailImage | undefined } = {},
): EmailBranding {
  const abs = (url: string) => new URL(url, origin).toString();
  const c = tenant.theme.colors;
  return {
    tenantName: tenant.config.tenantName,
    homeUrl: abs('/'),
    logoUrl: abs(tenant.config.ui.logoUrl),
    logo: images.logo,
    footerLogo: tenant.config.ui.footerLogo,
    poweredByLogoUrl: abs(tenant.config.ui.poweredByLogoUrl),
    poweredByLogo: images.poweredBy,
    fonts: { body: emailFontStack(tenant.theme.font), heading: emailFontStack(tenant.theme.headingFont) },
    colors: {
      headerBackground: c.headerBackground,
      headerText: c.headerText,
      primary: c.primary,
      primaryContrast: c.primaryContrast,
      background: c.background,
      surface: c.surface,
      text: c.text,
      mutedText: c.mutedText,
      link: c.link,
      footerBackground: c.footerBackground,
      footerText: c.footerText,
    },
    footerLinks: tenant.config.footer.links.map((l) => ({ label: l.label, url: abs(l.url) })),
    displayAddress: tenant.config.footer.displayAddress,
    displayAddressByLanguage: tenant.config.footer.displayAddress_by_language,
    defaultLanguage: tenant.config.ui.defaultLanguage,
  };
}

/**
 * The language to write to a recipient in (issue 12 §3): their stored preference (`users.locale`) when the
 * store offers it, else the store's default. Old free-text values read as unset (contracts `personLanguage`).
 */
export function resolveEmailLanguage(
  locale: string | null | undefined,
  store: { languages: readonly Language[]; defaultLanguage: Language },
): Language {
  return personLanguage({ stored: locale, store });
}

export interface NotificationMessageInput {
  language: Language;
  branding: EmailBranding;
  change: NotificationChange;
  links: {
    /** The standard's public page: publicURL + assetId + '.html' (standard events). */
    standardUrl?: string | undefined;
    trackerUrl: string;
  };
}

export interface NotificationRecipient {
  name: string;
  reasons: NotificationReason[];
  unsubscribeUrl: string;
}

export interface CompiledNotification {
  subject: string;
  language: Language;
  render(recipient: NotificationRecipient): { html: string; text: string };
  /**
   * The same e-mail with the HTML already quoted-printable encoded (the MIME body of a
   * `Content-Transfer-Encoding: quoted-printable` part): the template's static parts were encoded once
   * at compile time, only the recipient's parts are encoded here. Decodes to exactly `render().html`.
   */
  renderEncoded(recipient: NotificationRecipient): { htmlQuotedPrintable: string; text: string };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

// A theme colour is #rrggbb by schema; checked again because it is written raw into attributes.
const color = (c: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : '#000000');
// A font stack from THEME_FONTS (emailFontStack); checked again because it is written raw into attributes.
const fontStack = (f: string) => (/^[\w\s,'-]{1,200}$/.test(f) ? f : 'sans-serif');
const px = (n: number) => `${Math.max(1, Math.round(n))}px`;

/** An <mj-image> with both dimensions (clients lay it out before loading), scaled to `height` when given. */
function mjImage(image: EmailImage, alt: string, attributes: string, height = image.height): string {
  const width = (image.width * height) / image.height;
  return `<mj-image src="${escapeHtml(image.url)}" alt="${escapeHtml(alt)}" width="${px(width)}" height="${px(height)}" ${attributes} />`;
}

const TOKEN = {
  name: 'TWTOKENNAME7f3a',
  reasons: 'TWTOKENREASONS7f3a',
  unsubscribe: 'https://unsubscribe.invalid/TWTOKENUNSUB7f3a',
} as const;

const statusLabel = (t: EmailStrings, s: string) => t.status[s as StatusCode] ?? s;

/** The rows of "what changed" as [label, value] pairs, in reading order. */
function changeRows(t: EmailStrings, change: NotificationChange): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (change.standard) {
    const s = change.standard;
    if (s.oldDesignation) rows.push([t.labels.previousDesignation, s.oldDesignation]);
    rows.push([t.labels.designation, s.designation]);
    if (s.oldStatus) rows.push([t.labels.previousStatus, statusLabel(t, s.oldStatus)]);
    rows.push([t.labels.status, statusLabel(t, s.status)]);
    rows.push([t.labels.date, s.date]);
    rows.push([t.labels.committee, s.committee]);
  }
  if (change.workItem) {
    const w = change.workItem;
    rows.push([t.labels.workItem, `${w.number} — ${w.title}`]);
    if (w.oldStatus) rows.push([t.labels.previousStatus, statusLabel(t, w.oldStatus)]);
    rows.push([t.labels.status, statusLabel(t, w.status)]);
    rows.push([t.labels.committee, w.committee]);
  }
  if (change.note) rows.push([t.labels.note, change.note]);
  return rows;
}

export function notificationSubject(language: Language, change: NotificationChange): string {
  const t = EMAIL_STRINGS[language];
  return fill(t.headline[change.kind], {
    designation: change.standard?.designation ?? '',
    number: change.workItem?.number ?? '',
  });
}

const reasonLines = (t: EmailStrings, reasons: NotificationReason[]) =>
  reasons.map((r) => fill(t.reason[r.type], { value: r.value }));

/** Compiles the message once; `render` fills one recipient in microseconds. */
export async function compileNotification(input: NotificationMessageInput): Promise<CompiledNotification> {
  const { language, branding: b, change, links } = input;
  const t = EMAIL_STRINGS[language];
  const rtl = RTL_LANGUAGES.has(language);
  const align = rtl ? 'right' : 'left';
  const subject = notificationSubject(language, change);
  const e = escapeHtml;
  const address = pickLocalized(
    b.displayAddress,
    b.displayAddressByLanguage,
    language,
    b.defaultLanguage ?? FALLBACK_LANGUAGE,
  );
  const k = b.colors;
  const title = change.standard?.title ?? change.workItem?.title ?? '';
  const rows = changeRows(t, change);
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:${align};padding:4px 12px 4px 0;color:${color(k.mutedText)};font-weight:600">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`,
    )
    .join('');
  const footerLinks = b.footerLinks
    .map((l) => `<a href="${e(l.url)}" style="color:${color(k.footerText)}">${e(t.footerLinks[l.label])}</a>`)
    .join(' &nbsp;·&nbsp; ');
  // The logo is drawn for the header background, so in the footer it sits on a tile of that colour.
  const footerLogo =
    b.footerLogo === 'tenant'
      ? b.logo
        ? mjImage(
            b.logo,
            b.tenantName,
            `align="center" container-background-color="${color(k.headerBackground)}" padding="8px"`,
            32,
          )
        : ''
      : `<mj-text align="center" color="${color(k.footerText)}" font-size="12px">${e(t.poweredBy)}${b.poweredByLogo ? '' : ' Trackwell'}</mj-text>
         ${b.poweredByLogo ? mjImage(b.poweredByLogo, 'Trackwell', 'align="center"', 28) : ''}`;
  const headerLogo = b.logo
    ? mjImage(b.logo, b.tenantName, `href="${e(b.homeUrl)}" align="${align}" padding="0"`)
    : `<mj-text font-size="24px" font-weight="700" color="${color(k.headerText)}" font-family="${fontStack(b.fonts.heading)}" padding="0"><a href="${e(b.homeUrl)}" style="color:${color(k.headerText)};text-decoration:none">${e(b.tenantName)}</a></mj-text>`;

  const mjml = `<mjml lang="${e(language.replace('_', '-'))}" dir="${rtl ? 'rtl' : 'ltr'}">
  <mj-head>
    <mj-title>${e(subject)}</mj-title>
    <mj-preview>${e(subject)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${fontStack(b.fonts.body)}" />
      <mj-text color="${color(k.text)}" font-size="15px" line-height="1.5" align="${align}" />
      <mj-section direction="${rtl ? 'rtl' : 'ltr'}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${color(k.surface)}">
    <mj-section background-color="${color(k.headerBackground)}" padding="16px 24px">
      <mj-column>
        ${headerLogo}
      </mj-column>
    </mj-section>
    <mj-section background-color="${color(k.background)}" padding="24px 16px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" font-family="${fontStack(b.fonts.heading)}">${e(subject)}</mj-text>
        <mj-text>${TOKEN.name}</mj-text>
        <mj-text font-size="17px" font-weight="600">${e(title)}</mj-text>
        <mj-table>${table}</mj-table>
        ${
          links.standardUrl
            ? `<mj-button href="${e(links.standardUrl)}" background-color="${color(k.primary)}" color="${color(k.primaryContrast)}" align="${align}">${e(t.viewStandard)}</mj-button>`
            : ''
        }
        <mj-text><a href="${e(links.trackerUrl)}" style="color:${color(k.link)}">${e(t.openTracker)}</a></mj-text>
        <mj-divider border-color="${color(k.surface)}" />
        <mj-text font-size="13px" font-weight="600" color="${color(k.mutedText)}">${e(t.whyTitle)}</mj-text>
        <mj-text font-size="13px" color="${color(k.mutedText)}">${TOKEN.reasons}</mj-text>
        <mj-text font-size="13px"><a href="${TOKEN.unsubscribe}" style="color:${color(k.link)}">${e(t.unsubscribe)}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${color(k.footerBackground)}" padding="16px">
      <mj-column>
        <mj-text align="center" color="${color(k.footerText)}" font-size="12px">${footerLinks}</mj-text>
        <mj-text align="center" color="${color(k.footerText)}" font-size="12px"><span lang="${e(address.language.replace('_', '-'))}" dir="${address.dir}">${e(address.text)}</span></mj-text>
        ${footerLogo}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // fonts: {} — MJML would otherwise add a Google Fonts <link> and @import for a family it knows (Roboto…).
  const compiled = await mjml2html(mjml, { validationLevel: 'strict', minify: false, fonts: {} });
  if (compiled.errors.length > 0) {
    throw new Error(`E-mail template: ${compiled.errors.map((x) => x.formattedMessage).join('; ')}`);
  }
  const html = compiled.html;
  for (const token of Object.values(TOKEN)) {
    if (!html.includes(token)) throw new Error(`E-mail template lost its ${token} token`);
  }

  const textHead = [
    subject,
    '',
    ...(title ? [title, ''] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(links.standardUrl ? [`${t.viewStandard}: ${links.standardUrl}`] : []),
    `${t.openTracker}: ${links.trackerUrl}`,
    '',
    t.whyTitle,
  ].join('\n');
  const textFoot = [
    '',
    '--',
    b.tenantName,
    address.text,
    ...b.footerLinks.map((l) => `${t.footerLinks[l.label]}: ${l.url}`),
  ].join('\n');

  // The HTML cut at the first occurrence of each token (what render()'s replace() fills), in document
  // order; the static pieces are quoted-printable encoded once, here.
  const slots = (Object.keys(TOKEN) as Array<keyof typeof TOKEN>)
    .map((key) => ({ key, at: html.indexOf(TOKEN[key]) }))
    .sort((a, b) => a.at - b.at);
  const staticPieces: string[] = [];
  let from = 0;
  for (const slot of slots) {
    staticPieces.push(encodeQuotedPrintable(html.slice(from, slot.at)));
    from = slot.at + TOKEN[slot.key].length;
  }
  staticPieces.push(encodeQuotedPrintable(html.slice(from)));

  const parts = (recipient: NotificationRecipient) => {
    const lines = reasonLines(t, recipient.reasons);
    const greeting = fill(t.greeting, { name: recipient.name });
    return {
      lines,
      greeting,
      values: {
        name: e(greeting),
        reasons: lines.map(e).join('<br>'),
        unsubscribe: e(recipient.unsubscribeUrl),
      },
      text: `${greeting}\n\n${textHead}\n${lines.map((l) => `- ${l}`).join('\n')}\n\n${t.unsubscribe}: ${recipient.unsubscribeUrl}\n${textFoot}\n`,
    };
  };

  return {
    subject,
    language,
    render(recipient) {
      const { values, text } = parts(recipient);
      return {
        // functions as replacements: a '$' in a name is text, not a replacement pattern
        html: html
          .replace(TOKEN.name, () => values.name)
          .replace(TOKEN.reasons, () => values.reasons)
          .replace(TOKEN.unsubscribe, () => values.unsubscribe),
        text,
      };
    },
    renderEncoded(recipient) {
      const { values, text } = parts(recipient);
      const pieces: string[] = [staticPieces[0]!];
      slots.forEach((slot, i) => {
        pieces.push(encodeQuotedPrintable(values[slot.key]), staticPieces[i + 1]!);
      });
      return { htmlQuotedPrintable: joinQuotedPrintable(pieces), text };
    },
  };
}
