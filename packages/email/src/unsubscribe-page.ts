import { type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import type { EmailBranding } from './branding.ts';
import { EMAIL_STRINGS, fill } from './strings.ts';

/**
 * The page the e-mail's unsubscribe link opens (spec §4 Unsubscribe needs a Yes confirmation). GET shows
 * this page with one button and changes nothing, so link scanners that follow links cannot unsubscribe
 * anyone; the button POSTs to the same URL, as a mail client's RFC 8058 one-click POST does.
 * Server-rendered, no script, every value escaped.
 */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

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
    <button type="submit" style="background:${b.colors.primary};color:${b.colors.primaryContrast};border:0;border-radius:6px;padding:10px 20px;font-size:16px;cursor:pointer">${e(t.button)}</button>
  </form>`
      : state === 'done'
        ? `<p>${e(t.doneBody)}</p>`
        : '';
  return `<!doctype html>
<html lang="${e(language.replace('_', '-'))}" dir="${RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(heading)} · ${e(b.tenantName)}</title>
${options.themeStylesheetUrl ? `<link rel="stylesheet" href="${e(options.themeStylesheetUrl)}">` : ''}
</head>
<body style="margin:0;background:${b.colors.surface};color:${b.colors.text};font-family:system-ui,sans-serif">
<header style="background:${b.colors.primary};padding:16px"><a href="${e(b.homeUrl)}"><img src="${e(b.logoUrl)}" alt="${e(b.tenantName)}" height="32"></a></header>
<main style="max-width:560px;margin:32px auto;background:${b.colors.background};padding:24px;border-radius:8px">
  <h1 style="font-size:22px">${e(heading)}</h1>
  ${body}
</main>
</body>
</html>
`;
}
