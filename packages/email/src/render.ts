import type { CatalogEventKind, Language, NotificationReason } from '@trackwell/contracts';
import { changeTitleIn, personLanguage } from '@trackwell/contracts';
import { fillHtml, fillText, isolateIn } from './bidi.ts';
import { reasonTemplate } from './citation-strings.ts';
import { mjml2html } from './mjml-compile.ts';
import {
  addressFor,
  changeRows,
  escapeHtml,
  type NotificationContent,
  notificationHeadlineHtml,
  notificationHeadlineText,
  notificationMjml,
  notificationSubject,
  TOKEN,
} from './notification-mjml.ts';
import { encodedTemplate } from './qp.ts';
import { EMAIL_STRINGS, type EmailStrings } from './strings.ts';
import { type SuccessorChoice, successorPart } from './successor-part.ts';

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

/**
 * The language to write to a recipient in: their stored preference (`users.locale`) when the
 * store offers it, else the store's default. Old free-text values read as unset (contracts `personLanguage`).
 */
export function resolveEmailLanguage(
  locale: string | null | undefined,
  store: { languages: readonly Language[]; defaultLanguage: Language },
): Language {
  return personLanguage({ stored: locale, store });
}

/** The change, the store and the language; `links.standardUrl` is the standard's public page. */
export type NotificationMessageInput = NotificationContent;

export interface NotificationRecipient {
  name: string;
  reasons: NotificationReason[];
  unsubscribeUrl: string;
  /**
   * A replacement's e-mail: `followed` when the tracking already moved (automatic follow),
   * else the signed "Track <new> instead" link.
   */
  successor?: SuccessorChoice;
}

export interface CompiledNotification {
  /** The subject of a reader who does not track the standard a new one replaces (each render has its own). */
  subject: string;
  language: Language;
  render(recipient: NotificationRecipient): { subject: string; html: string; text: string };
  /**
   * The same e-mail with the HTML already quoted-printable encoded (the MIME body of a
   * `Content-Transfer-Encoding: quoted-printable` part): the template's static parts were encoded once
   * at compile time, only the recipient's parts are encoded here. Decodes to exactly `render().html`.
   */
  renderEncoded(recipient: NotificationRecipient): {
    subject: string;
    htmlQuotedPrintable: string;
    text: string;
  };
}

/** Why the recipient gets it, one line per reason, each value isolated (bidi.ts): as HTML and as text. */
const reasonLines = (
  language: Language,
  t: EmailStrings,
  reasons: NotificationReason[],
  kind: CatalogEventKind,
) => {
  const filled = reasons.map((r) => reasonTemplate(language, t.reason, r, kind));
  return {
    html: filled.map((r) => fillHtml(r.template, r.values)),
    text: filled.map((r) => fillText(language, r.template, r.values)),
  };
};

/** MJML to HTML; a template error or a lost token is a programming error, thrown. */
async function compileHtml(input: NotificationContent): Promise<string> {
  // fonts: {} — MJML would otherwise add a Google Fonts <link> and @import for a family it knows (Roboto…).
  const compiled = await mjml2html(notificationMjml(input), {
    validationLevel: 'strict',
    minify: false,
    fonts: {},
  });
  if (compiled.errors.length > 0) {
    throw new Error(`E-mail template: ${compiled.errors.map((x) => x.formattedMessage).join('; ')}`);
  }
  for (const [key, token] of Object.entries(TOKEN)) {
    if (key === 'successor' && !input.change.successor) continue;
    if (!compiled.html.includes(token)) throw new Error(`E-mail template lost its ${token} token`);
  }
  return compiled.html;
}

/** The plain-text part around the recipient's lines: what changed and the links, then the footer. */
function plainText(input: NotificationContent, t: EmailStrings) {
  const { language, branding: b, change, links } = input;
  const title = changeTitleIn(language, change);
  const head = [
    ...(title ? [title, ''] : []),
    ...(change.summary ? [change.summary, ''] : []),
    ...changeRows(t, change).map(([label, value]) => `${label}: ${isolateIn(language, value)}`),
    ...(change.compareUrl ? [`${t.compareVersions}: ${change.compareUrl}`] : []),
    '',
    ...(links.standardUrl ? [`${t.viewStandard}: ${links.standardUrl}`] : []),
    `${t.openTracker}: ${links.trackerUrl}`,
    '',
    t.whyTitle,
  ].join('\n');
  const foot = [
    '',
    '--',
    b.tenantName,
    addressFor(b, language).text,
    ...b.footerLinks.map((l) => `${t.footerLinks[l.label]}: ${l.url}`),
  ].join('\n');
  return { head, foot };
}

/** Compiles the message once; `render` fills one recipient in microseconds. */
export async function compileNotification(input: NotificationMessageInput): Promise<CompiledNotification> {
  const t = EMAIL_STRINGS[input.language];
  const html = await compileHtml(input);
  const text = plainText(input, t);
  const encoded = encodedTemplate(html, TOKEN);
  const e = escapeHtml;
  const choose = input.links.preferencesUrl ? `${t.chooseChanges}: ${input.links.preferencesUrl}\n` : '';

  const parts = (recipient: NotificationRecipient) => {
    const lines = reasonLines(input.language, t, recipient.reasons, input.change.kind);
    const greeting = fillText(input.language, t.greeting, { name: recipient.name });
    const follow = successorPart(input.language, input.branding, input.change, recipient.successor);
    // The reader who tracks the standard a new one replaces is told so (a successor choice is theirs only)
    const tracksReplaced = recipient.successor !== undefined;
    const headline = notificationHeadlineText(input.language, input.change, tracksReplaced);
    return {
      subject: notificationSubject(input.language, input.change, tracksReplaced),
      values: {
        headline: notificationHeadlineHtml(input.language, input.change, tracksReplaced),
        name: fillHtml(t.greeting, { name: recipient.name }),
        reasons: lines.html.join('<br>'),
        unsubscribe: e(recipient.unsubscribeUrl),
        successor: follow.html,
      },
      text: `${greeting}\n\n${headline}\n\n${text.head}\n${lines.text.map((l) => `- ${l}`).join('\n')}\n\n${follow.text}${choose}${t.unsubscribe}: ${recipient.unsubscribeUrl}\n${text.foot}\n`,
    };
  };

  return {
    subject: notificationSubject(input.language, input.change),
    language: input.language,
    render(recipient) {
      const { subject, values, text } = parts(recipient);
      return {
        subject,
        // functions as replacements: a '$' in a name is text, not a replacement pattern
        html: html
          .replace(TOKEN.headline, () => values.headline)
          .replace(TOKEN.name, () => values.name)
          .replace(TOKEN.reasons, () => values.reasons)
          .replace(TOKEN.unsubscribe, () => values.unsubscribe)
          .replace(TOKEN.successor, () => values.successor),
        text,
      };
    },
    renderEncoded(recipient) {
      const { subject, values, text } = parts(recipient);
      return { subject, htmlQuotedPrintable: encoded(values), text };
    },
  };
}

export { notificationSubject };
