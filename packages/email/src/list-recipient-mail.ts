import { type CatalogEventKind, type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import { escapeHtml, fillHtml, fillText } from './bidi.ts';
import type { EmailBranding } from './branding.ts';
import { LIST_RECIPIENT_STRINGS } from './list-recipient-strings.ts';
import { renderStorePage, storePageButtonStyle } from './store-page.ts';
import { EMAIL_STRINGS } from './strings.ts';

/** One change for one outside recipient of an organisation list; the links are built by the caller. */
export interface ListRecipientMail {
  tenantName: string;
  organisation: string;
  list: string;
  email: string;
  kind: CatalogEventKind;
  designation: string;
  title: string;
  /** The standard's page in the store, when the change names a standard. */
  standardUrl?: string | undefined;
  unsubscribeUrl: string;
}

/**
 * The e-mail an organisation list sends an outside address for a change to one of its standards, in the
 * store's language: the change's headline (the change e-mail's words), the standard, why the address gets it
 * and the one-click unsubscribe link (also in the List-Unsubscribe header, set by the sender). Plain text
 * plus a small HTML part in the language's direction; names are isolated (<bdi>, or FSI…PDI in a
 * right-to-left text part).
 */
export function renderListRecipientMail(language: Language, mail: ListRecipientMail) {
  const s = LIST_RECIPIENT_STRINGS[language];
  const headline = fillText(language, EMAIL_STRINGS[language].headline[mail.kind], {
    designation: mail.designation,
    number: mail.designation,
  });
  const values = { list: mail.list, organisation: mail.organisation, email: mail.email, headline };
  const subject = fillText(language, s.subject, values);
  const standard = mail.title ? `${mail.designation} — ${mail.title}` : mail.designation;
  const text = [
    s.greeting,
    fillText(language, s.body, values),
    `${standard}${mail.standardUrl ? `\n${mail.standardUrl}` : ''}`,
    fillText(language, s.why, values),
    `${s.unsubscribe} ${mail.unsubscribeUrl}`,
  ];
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const e = escapeHtml;
  const link = (url: string, label: string) => `<a href="${e(url)}" dir="ltr">${e(label)}</a>`;
  const html = `<!doctype html>
<html lang="${language.replace('_', '-')}" dir="${dir}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body dir="${dir}" style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5">
<p>${e(s.greeting)}</p>
<p>${fillHtml(s.body, { ...values, headline })}</p>
<p><strong><bdi>${e(headline)}</bdi></strong><br>${
    mail.standardUrl ? link(mail.standardUrl, standard) : `<bdi>${e(standard)}</bdi>`
  }</p>
<p style="font-size:13px;color:#555">${fillHtml(s.why, values)}<br>${e(s.unsubscribe)} ${link(
    mail.unsubscribeUrl,
    mail.unsubscribeUrl,
  )}</p>
</body>
</html>
`;
  return { subject, text: `${text.join('\n\n')}\n`, html };
}

/** The recipient's one-click unsubscribe page: confirm (the button posts), done, or an invalid link. */
export function renderListUnsubscribePage(options: {
  language: Language;
  branding: EmailBranding;
  state: 'confirm' | 'done' | 'invalid';
  action: string;
  recipient?: { email: string; list: string; organisation: string } | undefined;
  themeStylesheetUrl?: string | undefined;
}): string {
  const { language, branding, state, recipient } = options;
  const t = LIST_RECIPIENT_STRINGS[language].page;
  const values = recipient ?? { email: '', list: '', organisation: '' };
  const heading = state === 'confirm' ? t.title : state === 'done' ? t.doneTitle : t.invalid;
  const body =
    state === 'confirm'
      ? `<p>${fillHtml(t.body, values)}</p>
  <form method="post" action="${escapeHtml(options.action)}">
    <input type="hidden" name="List-Unsubscribe" value="One-Click">
    <button type="submit" style="${storePageButtonStyle(branding)}">${escapeHtml(t.button)}</button>
  </form>`
      : state === 'done'
        ? `<p>${fillHtml(t.doneBody, values)}</p>`
        : '';
  return renderStorePage({
    language,
    branding,
    heading,
    body,
    themeStylesheetUrl: options.themeStylesheetUrl,
  });
}
