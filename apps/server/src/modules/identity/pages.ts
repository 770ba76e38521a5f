import type { Tenant } from '@trackwell/db';

/**
 * The few HTML pages the IdP itself serves (sign-in fallback form, push approval): plain semantic HTML in the
 * tenant's theme stylesheet, no inline script or style, so the site-wide CSP holds unchanged.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `body` is trusted markup built by the caller (every interpolated value escaped there). */
export function htmlPage(tenant: Tenant, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(tenant.config.tenantName)}</title>
<link rel="stylesheet" href="/assets/${esc(tenant.code)}/theme.css">
</head>
<body>
<main class="container py-4">
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export { esc as escapeHtml };
