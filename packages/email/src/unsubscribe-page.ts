import type { Language } from '@trackwell/contracts';
import type { EmailBranding } from './branding.ts';
import { escapeHtml } from './notification-mjml.ts';
import { renderStorePage, storePageButtonStyle } from './store-page.ts';
import { EMAIL_STRINGS, fill } from './strings.ts';

/**
 * The page the e-mail's unsubscribe link opens (spec §4 Unsubscribe needs a Yes confirmation). GET shows
 * this page with one button and changes nothing, so link scanners that follow links cannot unsubscribe
 * anyone; the button POSTs to the same URL, as a mail client's RFC 8058 one-click POST does.
 * Server-rendered, no script, every value escaped.
 */

export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

export function renderUnsubscribePage(options: {
  language: Language;
  branding: EmailBranding;
  state: UnsubscribePageState;
  /** Where the button posts (the same path and token). */
  action: string;
  themeStylesheetUrl?: string;
}): string {
  const { language, branding: b, state } = options;
  const t = EMAIL_STRINGS[language].unsubscribePage;
  const e = escapeHtml;
  const heading = state === 'confirm' ? t.title : state === 'done' ? t.doneTitle : t.invalid;
  const body =
    state === 'confirm'
      ? `<p>${e(fill(t.body, { tenant: b.tenantName }))}</p>
  <form method="post" action="${e(options.action)}">
    <input type="hidden" name="List-Unsubscribe" value="One-Click">
    <button type="submit" style="${storePageButtonStyle(b)}">${e(t.button)}</button>
  </form>`
      : state === 'done'
        ? `<p>${e(t.doneBody)}</p>`
        : '';
  return renderStorePage({
    language,
    branding: b,
    heading,
    body,
    themeStylesheetUrl: options.themeStylesheetUrl,
  });
}
