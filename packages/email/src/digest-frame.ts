import type { Language } from '@trackwell/contracts';
import { RTL_LANGUAGES } from '@trackwell/contracts';
import type { EmailBranding } from './branding.ts';
import { mjml2html } from './mjml-compile.ts';
import {
  addressFor,
  color,
  escapeHtml as e,
  fontStack,
  footerSection,
  headerLogo,
} from './notification-mjml.ts';
import { encodedTemplate, type QuotedPrintable } from './qp.ts';
import { EMAIL_STRINGS } from './strings.ts';

/**
 * The frame the digest and the monthly status report share: the store's header, a
 * heading, the greeting, an intro, the body, the tracker link, the preferences and unsubscribe links and
 * the store's footer. MJML runs once per (store, language, kind) with opaque tokens; per recipient
 * `fill` puts in the subject, greeting, body (already escaped HTML) and unsubscribe link.
 */
export interface DigestFrame {
  language: Language;
  branding: EmailBranding;
  intro: string;
  links: { trackerUrl: string; preferencesUrl: string };
  /** The words of the preferences link (what it lets the reader change). */
  preferencesLabel: string;
}

const TOKEN = {
  subject: 'TWDIGESTSUBJECT9c1e',
  name: 'TWDIGESTNAME9c1e',
  items: 'TWDIGESTITEMS9c1e',
  unsubscribe: 'https://unsubscribe.invalid/TWDIGESTUNSUB9c1e',
} as const;

function frameMjml(input: DigestFrame): string {
  const { language, branding: b, links } = input;
  const t = EMAIL_STRINGS[language];
  const rtl = RTL_LANGUAGES.has(language);
  const align = rtl ? 'right' : 'left';
  const k = b.colors;
  const link = (href: string, text: string) =>
    `<a href="${href}" style="color:${color(k.link)}">${e(text)}</a>`;
  return `<mjml lang="${e(language.replace('_', '-'))}" dir="${rtl ? 'rtl' : 'ltr'}">
  <mj-head>
    <mj-title>${TOKEN.subject}</mj-title>
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
        <mj-text font-size="22px" font-weight="700" font-family="${fontStack(b.fonts.heading)}">${TOKEN.subject}</mj-text>
        <mj-text>${TOKEN.name}</mj-text>
        <mj-text>${e(input.intro)}</mj-text>
        <mj-text>${TOKEN.items}</mj-text>
        <mj-text>${link(e(links.trackerUrl), t.openTracker)}</mj-text>
        <mj-divider border-color="${color(k.surface)}" />
        <mj-text font-size="13px">${link(e(links.preferencesUrl), input.preferencesLabel)}</mj-text>
        <mj-text font-size="13px">${link(TOKEN.unsubscribe, t.unsubscribe)}</mj-text>
      </mj-column>
    </mj-section>
    ${footerSection(b, t, addressFor(b, language))}
  </mj-body>
</mjml>`;
}

export interface CompiledFrame {
  /** The store's plain-text signature: '--', its name, its address. */
  foot: string;
  fill(parts: FrameParts): string;
  /**
   * The same, as its quoted-printable body: the static parts were encoded once (qp.ts `encodedTemplate`), and
   * the items may come encoded already (a digest's changes, each encoded once per run: digest-mail.ts).
   */
  fillEncoded(parts: Omit<FrameParts, 'items'> & { items: string | QuotedPrintable }): string;
}

export interface FrameParts {
  subject: string;
  /** The greeting as HTML, the name isolated (bidi.ts). */
  greetingHtml: string;
  /** Already escaped HTML. */
  items: string;
  unsubscribeUrl: string;
}

const values = <Items>({
  subject,
  greetingHtml,
  items,
  unsubscribeUrl,
}: Omit<FrameParts, 'items'> & { items: Items }) => ({
  subject: e(subject),
  name: greetingHtml,
  items,
  unsubscribe: e(unsubscribeUrl),
});

/** Compiles the frame once (strict MJML; throws when a token was lost). */
export async function compileDigestFrame(input: DigestFrame): Promise<CompiledFrame> {
  const compiled = await mjml2html(frameMjml(input), { validationLevel: 'strict', minify: false, fonts: {} });
  if (compiled.errors.length > 0)
    throw new Error(`Digest template: ${compiled.errors.map((x) => x.formattedMessage).join('; ')}`);
  const html = compiled.html;
  for (const token of Object.values(TOKEN))
    if (!html.includes(token)) throw new Error(`Digest template lost its ${token} token`);
  const b = input.branding;
  const encoded = encodedTemplate(html, TOKEN);
  return {
    foot: ['--', b.tenantName, addressFor(b, input.language).text].join('\n'),
    fill: (parts) => {
      const v = values(parts);
      // functions as replacements: a '$' in a name is text, not a replacement pattern
      return html
        .replaceAll(TOKEN.subject, () => v.subject)
        .replace(TOKEN.name, () => v.name)
        .replace(TOKEN.items, () => v.items)
        .replace(TOKEN.unsubscribe, () => v.unsubscribe);
    },
    fillEncoded: (parts) => encoded(values(parts)),
  };
}
