import { createHash } from 'node:crypto';
import { DEV_MAIL_PAGE_PATH, DEV_MAIL_PATH } from '@trackwell/contracts';
import {
  countMailMessages,
  deleteAllMailMessages,
  deleteMailMessage,
  getMailMessage,
  listMailMessages,
  type MailMessage,
} from '@trackwell/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../http/errors.ts';

/**
 * The local mail inbox as a web page (a developer tool, server-rendered, no script): `/_dev/mail` lists
 * the newest messages with a search by recipient and text; `/_dev/mail/:id` shows one message's HTML (in
 * an `<iframe sandbox>` fed by the JSON API's `/html` route, which carries a CSP `sandbox` of its own),
 * its plain text and every header; POST forms delete one message or all. Every value is HTML-escaped.
 */

const LIST_LIMIT = 100;

/** For the `/_dev/mail/messages/:id/html` route: an opaque origin, no scripts, images only. */
export const MESSAGE_HTML_CSP =
  "sandbox; default-src 'none'; img-src http: https: data: cid:; style-src 'unsafe-inline'; " +
  "font-src data:; frame-ancestors 'self'; form-action 'none'; base-uri 'none'";

const CSS = `
:root{color-scheme:light;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#f6f8fa;--accent:#0b5cad;--danger:#b42318}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:#fff}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,iframe:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:6px 10px;z-index:1}
header{display:flex;flex-wrap:wrap;align-items:center;gap:12px 24px;padding:12px 24px;background:var(--bg);border-bottom:1px solid var(--line)}
header h1{font-size:18px;margin:0}header p{margin:0;color:var(--muted);font-size:13px}
main{padding:16px 24px 48px;max-width:1200px}
form.search{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:end;margin:0 0 16px}
label{display:flex;flex-direction:column;font-size:13px;color:var(--muted);gap:2px}
input[type=search],input[type=email]{font:inherit;padding:6px 8px;border:1px solid #8c959f;border-radius:6px;min-width:16rem}
button{font:inherit;padding:6px 12px;border-radius:6px;border:1px solid #8c959f;background:#fff;color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
button.danger{color:var(--danger);border-color:var(--danger)}
.bar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;margin:0 0 8px}
.bar p{margin:0;color:var(--muted)}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:13px;color:var(--muted);font-weight:600}
td.subject a{font-weight:600}td.when{white-space:nowrap;color:var(--muted);font-size:13px}
td.addr{word-break:break-all;font-size:14px}
.empty{padding:32px;text-align:center;color:var(--muted);border:1px dashed var(--line);border-radius:8px}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
dl.meta dt{color:var(--muted)}dl.meta dd{margin:0;word-break:break-all}
section{margin:24px 0}section h2{font-size:16px;margin:0 0 8px}
iframe{display:block;width:100%;height:calc(100vh - 24px);min-height:480px;resize:vertical;overflow:auto;border:1px solid var(--line);border-radius:6px;background:#fff}
pre{white-space:pre-wrap;word-break:break-word;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:12px;margin:0;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
table.headers td:first-child{white-space:nowrap;font-weight:600}
table.headers td{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
nav.sections{display:flex;gap:16px;margin:0 0 8px}
`;
const CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;
const PAGE_CSP =
  `default-src 'none'; style-src ${CSS_HASH}; img-src 'self' data:; frame-src 'self'; ` +
  "form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

const esc = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const iso = (d: Date) => new Date(d).toISOString();
const shortDate = (d: Date) => iso(d).replace('T', ' ').slice(0, 19);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${esc(title)} · Trackwell mail</title><style>${CSS}</style></head>
<body><a class="skip" href="#main">Skip to content</a>
<header><h1><a href="${DEV_MAIL_PAGE_PATH}">Trackwell local mail</a></h1>
<p>Every message this server sent (no <code>SMTP_URL</code> is set). JSON: <a href="${DEV_MAIL_PATH}">${DEV_MAIL_PATH}</a></p></header>
<main id="main" tabindex="-1">${body}</main></body></html>`;
}

function listPage(messages: MailMessage[], total: number, query: { to?: string; q?: string }): string {
  const filtered = Boolean(query.to || query.q);
  const rows = messages
    .map(
      (m) => `<tr>
<td class="subject"><a href="${DEV_MAIL_PAGE_PATH}/${m.id}">${esc(m.subject || '(no subject)')}</a></td>
<td class="addr">${esc(m.from)}</td>
<td class="addr">${esc(m.to.join(', '))}</td>
<td class="when"><time datetime="${esc(iso(m.receivedAt))}">${esc(shortDate(m.receivedAt))} UTC</time></td>
<td><form method="post" action="${DEV_MAIL_PAGE_PATH}/${m.id}/delete"><button type="submit" class="danger" aria-label="Delete “${esc(m.subject || '(no subject)')}”">Delete</button></form></td>
</tr>`,
    )
    .join('\n');
  const summary = filtered
    ? `${messages.length} matching message${messages.length === 1 ? '' : 's'}${messages.length >= LIST_LIMIT ? ` (the newest ${LIST_LIMIT} shown)` : ''} · <a href="${DEV_MAIL_PAGE_PATH}">show all</a>`
    : `${total} message${total === 1 ? '' : 's'}${total > LIST_LIMIT ? `, the newest ${LIST_LIMIT} shown` : ''}`;
  return layout(
    'Inbox',
    `<h2 class="skip">Search</h2>
<form class="search" method="get" action="${DEV_MAIL_PAGE_PATH}" role="search">
<label for="to">Recipient (exact address)<input type="email" id="to" name="to" value="${esc(query.to)}" autocomplete="off"></label>
<label for="q">Text (subject, body, sender, recipient)<input type="search" id="q" name="q" value="${esc(query.q)}"></label>
<button type="submit" class="primary">Search</button>
</form>
<div class="bar"><p role="status">${summary}</p>
${total > 0 ? `<form method="post" action="${DEV_MAIL_PAGE_PATH}/delete-all"><button type="submit" class="danger">Delete all messages</button></form>` : ''}</div>
${
  messages.length === 0
    ? `<p class="empty">${filtered ? 'No message matches this search.' : 'No messages yet. Sign-in codes, links, "SMS" and change notifications appear here.'}</p>`
    : `<table><caption class="skip">Messages, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Received</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
}`,
  );
}

function messagePage(m: MailMessage): string {
  const headerRows = m.headers
    .map((h) => `<tr><td>${esc(h.key)}</td><td>${esc(h.value)}</td></tr>`)
    .join('\n');
  return layout(
    m.subject || '(no subject)',
    `<p><a href="${DEV_MAIL_PAGE_PATH}">← All messages</a></p>
<h2>${esc(m.subject || '(no subject)')}</h2>
<dl class="meta">
<dt>From</dt><dd>${esc(m.from)}</dd>
<dt>To</dt><dd>${esc(m.to.join(', '))}</dd>
<dt>Received</dt><dd><time datetime="${esc(iso(m.receivedAt))}">${esc(shortDate(m.receivedAt))} UTC</time></dd>
<dt>Message-ID</dt><dd>${esc(m.messageId ?? '(none)')}</dd>
</dl>
<nav class="sections" aria-label="Parts of this message">${m.html !== null ? '<a href="#html">HTML</a>' : ''}<a href="#text">Plain text</a><a href="#headers">Headers (${m.headers.length})</a><a href="${DEV_MAIL_PATH}/${m.id}">JSON</a></nav>
<form method="post" action="${DEV_MAIL_PAGE_PATH}/${m.id}/delete"><button type="submit" class="danger">Delete this message</button></form>
${
  m.html !== null
    ? `<section id="html" aria-labelledby="html-h"><h2 id="html-h">HTML</h2>
<iframe sandbox src="${DEV_MAIL_PATH}/${m.id}/html" title="HTML body of “${esc(m.subject)}”" referrerpolicy="no-referrer"></iframe>
<p><a href="${DEV_MAIL_PATH}/${m.id}/html">Open the HTML alone</a> (sandboxed: no scripts)</p></section>`
    : ''
}
<section id="text" aria-labelledby="text-h"><h2 id="text-h">Plain text</h2><pre>${esc(m.text || '(empty)')}</pre></section>
<section id="headers" aria-labelledby="headers-h"><h2 id="headers-h">Headers</h2>
<table class="headers"><caption class="skip">Every header, in order</caption><thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
<tbody>${headerRows}</tbody></table></section>`,
  );
}

const notFoundPage = () =>
  layout(
    'Not found',
    `<h2>No such message</h2><p>It may have been deleted. <a href="${DEV_MAIL_PAGE_PATH}">Back to all messages</a></p>`,
  );

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .send(html);

/**
 * The delete forms post from this page only: a form of another site (another origin in `Origin`, or
 * `Sec-Fetch-Site: cross-site`) cannot empty the inbox of a developer who visits it.
 */
function assertSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw forbidden('Cross-site request refused.');
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let same = false;
    try {
      same = new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
    } catch {
      same = false;
    }
    if (!same) throw forbidden('Cross-site request refused.');
  } else if (origin === 'null') {
    throw forbidden('Cross-site request refused.');
  }
}

const listQuery = z.object({
  to: z.string().trim().max(320).optional(),
  q: z.string().trim().max(200).optional(),
});
const idParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const devMailPage: FastifyPluginAsyncZod = async (app) => {
  // The forms post urlencoded bodies that carry nothing: the action is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(DEV_MAIL_PAGE_PATH, { schema: { hide: true, querystring: listQuery } }, async (request, reply) => {
    const query = { to: request.query.to || undefined, q: request.query.q || undefined };
    const [messages, total] = await Promise.all([
      listMailMessages(app.db, { ...query, limit: LIST_LIMIT }),
      countMailMessages(app.db),
    ]);
    return sendHtml(reply, 200, listPage(messages, total, query));
  });

  app.get(
    `${DEV_MAIL_PAGE_PATH}/:id`,
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      const message = await getMailMessage(app.db, request.params.id);
      return message ? sendHtml(reply, 200, messagePage(message)) : sendHtml(reply, 404, notFoundPage());
    },
  );

  app.post(
    `${DEV_MAIL_PAGE_PATH}/:id/delete`,
    { schema: { hide: true, params: idParams } },
    async (request, reply) => {
      assertSameOrigin(request);
      const deleted = await deleteMailMessage(app.db, request.params.id);
      if (!deleted) return sendHtml(reply, 404, notFoundPage());
      return reply.code(303).header('location', DEV_MAIL_PAGE_PATH).send();
    },
  );

  app.post(`${DEV_MAIL_PAGE_PATH}/delete-all`, { schema: { hide: true } }, async (request, reply) => {
    assertSameOrigin(request);
    await deleteAllMailMessages(app.db);
    return reply.code(303).header('location', DEV_MAIL_PAGE_PATH).send();
  });
};
