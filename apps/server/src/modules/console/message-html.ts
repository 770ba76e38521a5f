/**
 * A sent e-mail's HTML part as a page of its own (the console's "open the e-mail as it was sent"),
 * framework-free: what the page holds and the headers it is answered with.
 */

/**
 * The page's own policy, instead of the portal's: the e-mail's inline <style> and style attributes, its images
 * and fonts from anywhere (the store's logo is an absolute URL; cid: parts become data: URIs), and nothing
 * else: no script, no connection, no form, no <base>, no plugin. `sandbox` makes the page sandboxed even when
 * opened outside the console's sandboxed frame; `frame-ancestors 'self'` lets only the portal's own origin
 * frame it.
 */
export const MESSAGE_HTML_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: https: http:',
  'font-src data: https:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

/** The answer's headers: no X-Frame-Options (the CSP's frame-ancestors decides), never cached. */
export const MESSAGE_HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': MESSAGE_HTML_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
  'cross-origin-resource-policy': 'same-origin',
} as const;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * The HTML part of the MIME message as sent (its `cid:` images given as data: URIs, so it shows what the
 * recipient saw), or, for a message without one, its text part escaped into a <pre>.
 */
export async function messageHtmlDocument(mime: string): Promise<string> {
  // keepCidLinks false (the default): mailparser writes each cid: reference as the part's data: URI.
  const { simpleParser } = await import('mailparser'); // loaded when a message is first shown
  const parsed = await simpleParser(mime, { skipTextToHtml: true, skipTextLinks: true });
  if (typeof parsed.html === 'string' && parsed.html.trim() !== '') return parsed.html;
  const title = escapeHtml(parsed.subject ?? '');
  const text = escapeHtml(parsed.text ?? '');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><pre style="white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace">${text}</pre></body></html>`;
}
