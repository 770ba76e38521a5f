import { type Language, RTL_LANGUAGES, type StandardSuccession } from '@trackwell/contracts';
import type { EmailBranding } from './branding.ts';
import { escapeHtml } from './notification-mjml.ts';
import { fill } from './strings.ts';
import { SUCCESSOR_STRINGS } from './successor-strings.ts';

/**
 * The page the change e-mail's "Track <new> instead" link opens (issue 16 §3), like the unsubscribe page:
 * GET shows it with one button and changes nothing (link scanners follow GETs), the button POSTs to the
 * same URL, which moves the tracking and answers `done` (or `already` the second time). Server-rendered,
 * no script, every value escaped, in the reader's language and the store's colours.
 */

export type SuccessorPageState = 'confirm' | 'done' | 'already' | 'invalid';

export function renderSuccessorPage(options: {
  language: Language;
  branding: EmailBranding;
  state: SuccessorPageState;
  /** The replacement (absent for an invalid link). */
  succession?: StandardSuccession | undefined;
  /** Where the button posts (the same path and token). */
  action: string;
  trackerUrl: string;
  themeStylesheetUrl?: string | undefined;
}): string {
  const { language, branding: b, state, succession } = options;
  const t = SUCCESSOR_STRINGS[language].page;
  const e = escapeHtml;
  const names = {
    old: succession?.from.designation ?? '',
    new: succession?.to.designation ?? '',
    tenant: b.tenantName,
  };
  const ok = state !== 'invalid' && succession;
  const heading = !ok
    ? t.invalid
    : fill(state === 'confirm' ? t.title : state === 'done' ? t.doneTitle : t.alreadyTitle, names);
  const button = `background:${b.colors.primary};color:${b.colors.primaryContrast};border:0;border-radius:6px;padding:10px 20px;font-size:16px;cursor:pointer`;
  const body =
    ok && state === 'confirm'
      ? `<p>${e(fill(t.body, names))}</p>
  <form method="post" action="${e(options.action)}">
    <button type="submit" style="${button}">${e(fill(SUCCESSOR_STRINGS[language].trackInstead, names))}</button>
  </form>`
      : `<p><a href="${e(options.trackerUrl)}" style="color:${b.colors.link}">${e(t.openTracker)}</a></p>`;
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
  ${body}
</main>
</body>
</html>
`;
}
