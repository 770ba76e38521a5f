import { type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import type { EmailBranding } from './branding.ts';
import { escapeHtml } from './notification-mjml.ts';

/**
 * The frame of the small pages an e-mail's links open (unsubscribe-page.ts, successor-page.ts): the reader's
 * language and direction, the store's name, logo and colours, its theme stylesheet when it has one, no
 * script, and not indexed. `heading` is text (escaped here); `body` is the page's own HTML, escaped by it.
 */
export function renderStorePage(options: {
  language: Language;
  branding: EmailBranding;
  heading: string;
  body: string;
  themeStylesheetUrl?: string | undefined;
}): string {
  const { language, branding: b, heading } = options;
  const e = escapeHtml;
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
<main style="max-width:560px;margin:32px auto;background:${b.colors.background};padding:24px;border-radius:8px;overflow-wrap:anywhere">
  <h1 style="font-size:22px">${e(heading)}</h1>
  ${options.body}
</main>
</body>
</html>
`;
}

/** The style of a store page's one button: the store's primary colour. */
export const storePageButtonStyle = (b: EmailBranding) =>
  `background:${b.colors.primary};color:${b.colors.primaryContrast};border:0;border-radius:6px;padding:10px 20px;font-size:16px;cursor:pointer`;
