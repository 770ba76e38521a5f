import { FALLBACK_LANGUAGE, type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import type { Tenant } from '@trackwell/db';

/**
 * The few HTML pages the IdP itself serves (sign-in fallback form, push approval), in the store's look: its
 * logo on its header colour, its theme stylesheet (colours, fonts, radius as CSS variables) and the pages'
 * own stylesheet (`IDP_PAGE_STYLESHEET_PATH`) that uses them; `lang` and `dir` of the page's language. No
 * inline script or style element, so the site-wide CSP holds unchanged.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Served by authn/push-page-routes.ts from `IDP_PAGE_CSS`. */
export const IDP_PAGE_STYLESHEET_PATH = '/api/v1/authn/page.css';

/** `body` is trusted markup built by the caller (every interpolated value escaped there). */
export function htmlPage(
  tenant: Tenant,
  title: string,
  body: string,
  language: Language = FALLBACK_LANGUAGE,
): string {
  const code = esc(tenant.code);
  const name = esc(tenant.config.tenantName);
  return `<!doctype html>
<html lang="${language.replace('_', '-')}" dir="${RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · ${name}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/${code}/theme.css">
<link rel="stylesheet" href="${IDP_PAGE_STYLESHEET_PATH}">
</head>
<body class="tw-idp">
<header class="tw-idp__header"><a href="/" class="tw-idp__home"><img src="/assets/${code}/logo.svg" alt="${name}" class="tw-idp__logo"></a></header>
<main class="tw-idp__main">
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/**
 * The pages' stylesheet: layout only, every colour and font from the store's theme variables (theme-css.ts),
 * with fallbacks. Logical properties, so a right-to-left page mirrors by itself; one column down to 320 px.
 */
export const IDP_PAGE_CSS = `/* Trackwell identity provider pages */
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body.tw-idp {
  margin: 0;
  min-height: 100vh;
  background: var(--tw-bg, #f5f7fa);
  color: var(--tw-text, #1a1a1a);
  font-family: var(--tw-font, system-ui, sans-serif);
  font-size: 1rem;
  line-height: 1.5;
}
.tw-idp__header {
  background: var(--tw-header-bg, #fff);
  color: var(--tw-header-text, #1a1a1a);
  padding-block: 12px;
  padding-inline: 16px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12);
}
.tw-idp__home { display: inline-block; }
.tw-idp__logo { display: block; height: 40px; max-width: 100%; width: auto; }
.tw-idp__main {
  max-width: 560px;
  margin-block: 32px;
  margin-inline: auto;
  padding: 24px;
  background: var(--tw-surface, #fff);
  border-block-start: 4px solid var(--tw-primary, #0b5cad);
  border-radius: var(--tw-radius, 6px);
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12);
}
@media (max-width: 600px) {
  .tw-idp__main { margin: 16px 12px; padding: 20px 16px; }
}
.tw-idp h1 {
  margin-block: 0 16px;
  font-family: var(--tw-heading-font, var(--tw-font, system-ui, sans-serif));
  font-size: 1.5rem;
  line-height: 1.25;
  color: var(--tw-text, #1a1a1a);
}
.tw-idp p { margin-block: 0 16px; overflow-wrap: anywhere; }
.tw-idp a { color: var(--tw-link, #0b5cad); }
.tw-idp label { display: block; margin-block-end: 4px; font-weight: 600; }
.tw-idp input[type="text"], .tw-idp input[type="password"], .tw-idp input[type="email"] {
  display: block;
  width: 100%;
  margin-block-end: 16px;
  padding: 8px 12px;
  font: inherit;
  color: inherit;
  background: var(--tw-surface, #fff);
  border: 1px solid var(--tw-muted, #6b6b6b);
  border-radius: var(--tw-radius, 6px);
}
.tw-idp__actions { display: flex; flex-wrap: wrap; gap: 12px; }
.tw-idp button {
  min-height: 44px;
  padding: 8px 20px;
  font: inherit;
  font-weight: 600;
  border-radius: var(--tw-radius, 6px);
  border: 2px solid var(--tw-primary, #0b5cad);
  cursor: pointer;
}
.tw-idp button:focus-visible { outline: 3px solid var(--tw-link, #0b5cad); outline-offset: 2px; }
.tw-idp button.tw-idp__primary { background: var(--tw-primary, #0b5cad); color: var(--tw-primary-contrast, #fff); }
.tw-idp button.tw-idp__secondary { background: var(--tw-surface, #fff); color: var(--tw-text, #1a1a1a); border-color: var(--tw-muted, #6b6b6b); }
@media (max-width: 400px) {
  .tw-idp__actions button { flex: 1 1 100%; }
}
.tw-idp [role="alert"] { color: #b42318; font-weight: 600; }
`;

/**
 * A translated sentence as HTML: the sentence escaped, each `{name}` replaced by its escaped value isolated
 * in `<bdi>` (a store's Latin name inside an Arabic sentence keeps its own direction).
 */
export function sentenceHtml(template: string, values: Record<string, string>): string {
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in values ? `<bdi>${esc(values[name] as string)}</bdi>` : esc(part);
    })
    .join('');
}

export { esc as escapeHtml };
