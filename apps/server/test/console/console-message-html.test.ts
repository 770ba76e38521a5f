import { type CatalogEvent, CONSOLE_PATHS } from '@trackwell/contracts';
import { revokeConsoleRole } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signMessageViewToken } from '../../src/modules/console/message-view-token.ts';
import {
  a,
  adminA,
  adminB,
  b,
  callAs,
  createActor,
  editorA,
  nobodyA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  trackSource,
} from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The console's "open an e-mail exactly as it was sent", its HTML part as a page of its own (message.html):
 * authorised like the message route (bearer token, or the signed `view` token of the message's `htmlUrl`),
 * answered with its own CSP (the e-mail's styles and images, never a script) and framable by its origin only.
 */
useConsoleWorld();

const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const HTML_MIME = [
  'From: Store A <no-reply@a.example>',
  'To: reader@a.example',
  'Subject: D638 has a new edition',
  'MIME-Version: 1.0',
  'Content-Type: multipart/related; boundary="r"',
  '',
  '--r',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<!doctype html><html><head><style>h1{color:#123456}</style></head><body>',
  '<h1 style="font-size:20px">D638 has a new edition</h1><img src="cid:logo@a" alt="Store A">',
  '<script>alert(1)</script></body></html>',
  '--r',
  'Content-Type: image/png',
  'Content-Transfer-Encoding: base64',
  'Content-ID: <logo@a>',
  '',
  PIXEL,
  '--r--',
  '',
].join('\r\n');
const TEXT_MIME = [
  'From: Store A <no-reply@a.example>',
  'Subject: Plain <text>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'D638 & <D20> changed.',
  '',
].join('\r\n');

let htmlId = '';
let textId = '';
let unkeptId = '';
const P = CONSOLE_PATHS;
const pathOf = (template: string, id: string, code = a.tenant.code) =>
  template.replace(':code', code).replace(':deliveryId', id);
const htmlPath = (id: string, code?: string) => pathOf(P.storeDeliveryMessageHtml, id, code);

beforeAll(async () => {
  await buildNotificationCatalogue(t.app.db, a.tenant.id);
  for (let i = 0; i < 3; i++) {
    const reader = await addNotificationUser(t.app.db, a.tenant.id);
    await trackSource(t.app.db, a.tenant.id, reader.id, 'COMMITTEE', 'D20');
  }
  const event = { id: 'html-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } };
  await t.app.notifications.publish(a.tenant.id, [event as CatalogEvent], 'api');
  const { rows } = await t.app.db.query<{ id: string }>(
    'SELECT id::text AS id FROM notification_deliveries WHERE tenant_id = $1 ORDER BY id',
    [a.tenant.id],
  );
  [htmlId, textId, unkeptId] = rows.map((r) => r.id) as [string, string, string];
  for (const [id, mime] of [
    [htmlId, HTML_MIME],
    [textId, TEXT_MIME],
  ])
    await t.app.db.query(
      `UPDATE notification_deliveries SET status = 'sent', sent_at = now(), sent_message = $2 WHERE id = $1`,
      [id, mime],
    );
});

/** The message route's signed link for `actor`, and when it expires. */
async function htmlUrlOf(actor = adminA, id = htmlId) {
  const res = await callAs(actor, { url: pathOf(P.storeDeliveryMessage, id) });
  expect(res.statusCode).toBe(200);
  return res.json() as { htmlUrl: string; htmlUrlExpiresAt: string };
}

describe('GET …/deliveries/:deliveryId/message.html', () => {
  it('answers the HTML part with its own headers: styles and images allowed, no script, same-origin frames', async () => {
    const res = await callAs(adminA, { url: htmlPath(htmlId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data: https:; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox",
    );
    expect(csp).not.toMatch(/script/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The e-mail's own markup: its <style>, and its cid: image as a data: URI.
    expect(res.body).toContain('<style>h1{color:#123456}</style>');
    expect(res.body).toContain('<h1 style="font-size:20px">D638 has a new edition</h1>');
    expect(res.body).toContain(`src="data:image/png;base64,${PIXEL}"`);
    expect(res.body).not.toContain('cid:logo@a');
  });

  it('a message without an HTML part: its text, escaped, in a <pre>', async () => {
    const res = await callAs(adminA, { url: htmlPath(textId) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Plain &lt;text&gt;</title>');
    expect(res.body).toMatch(/<pre[^>]*>D638 &amp; &lt;D20&gt; changed\.\n?<\/pre>/);
  });

  it('the refusals: 401 without a token, 403 for a role without the right or another store, 404, 400', async () => {
    expectError(await callAs(null, { url: htmlPath(htmlId) }), 401);
    expectError(await callAs(adminB, { url: htmlPath(htmlId) }), 403);
    expectError(await callAs(editorA, { url: htmlPath(htmlId) }), 403);
    expectError(await callAs(nobodyA, { url: htmlPath(htmlId) }), 403);
    expectError(await callAs(adminA, { url: htmlPath('999999') }), 404);
    expectError(await callAs(adminA, { url: htmlPath(unkeptId) }), 404);
    // B's admin naming B gets nothing of A's: A's delivery is not B's.
    expectError(await callAs(adminB, { url: htmlPath(htmlId, b.tenant.code) }), 404);
    const malformed = await callAs(adminA, { url: htmlPath('abc') });
    expectError(malformed, 400);
    expect(JSON.stringify(malformed.json().issues)).toContain('deliveryId');
    expectError(await callAs(adminA, { url: `${htmlPath(htmlId)}?other=1` }), 400);
  });

  it('is in the OpenAPI reference as a text/html answer, with its view parameter', async () => {
    const doc = (await t.app.inject({ url: '/docs/openapi.json' })).json();
    const op = doc.paths[P.storeDeliveryMessageHtml.replace(/:(\w+)/g, '{$1}')].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/html']);
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('view');
    expect(op.description).toContain('view');
  });
});

describe('the signed link of the message route (a frame cannot send the bearer token)', () => {
  it('opens the page without the bearer token, for ten minutes', async () => {
    const { htmlUrl, htmlUrlExpiresAt } = await htmlUrlOf();
    expect(htmlUrl.startsWith(`${htmlPath(htmlId)}?view=`)).toBe(true);
    const minutes = (Date.parse(htmlUrlExpiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const res = await callAs(null, { url: htmlUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.body).toContain('D638 has a new edition');
    // An operator's link works on the operator's own host, where their console runs.
    const operators = await htmlUrlOf(operator);
    expect((await callAs(operator, { url: operators.htmlUrl, token: null })).statusCode).toBe(200);
  });

  it('opens that delivery of that store on that host only, and not once expired, altered or signed out', async () => {
    const { htmlUrl } = await htmlUrlOf();
    const view = new URL(htmlUrl, 'http://x').search;
    // Another delivery, another store's path, another store's host: 401.
    expectError(await callAs(null, { url: `${htmlPath(textId)}${view}` }), 401);
    expectError(await callAs(adminB, { url: `${htmlPath(htmlId, b.tenant.code)}${view}`, token: null }), 401);
    expectError(await callAs(adminB, { url: htmlUrl, token: null }), 401);
    expectError(await callAs(null, { url: `${htmlUrl.slice(0, -2)}xx` }), 401);
    expectError(await callAs(null, { url: `${htmlPath(htmlId)}?view=` }), 401);
    const scope = { hostTenantId: a.tenant.id, storeCode: a.tenant.code, deliveryId: htmlId };
    const old = signMessageViewToken(
      t.app.env.NOTIFICATIONS_SECRET,
      scope,
      adminA.user.id,
      new Date(Date.now() - 11 * 60_000),
    );
    expectError(await callAs(null, { url: `${htmlPath(htmlId)}?view=${old.token}` }), 401);
    const forged = signMessageViewToken('another-secret-of-at-least-32-characters', scope, adminA.user.id);
    expectError(await callAs(null, { url: `${htmlPath(htmlId)}?view=${forged.token}` }), 401);
    // A bearer token, when sent, is what counts: B's admin holding A's link is still refused.
    expectError(await callAs(adminB, { url: htmlUrl }), 403);
  });

  it("reads the caller's roles on the call: a role taken away, or a sign-out, ends the link", async () => {
    const admin = await createActor(a, ['store_admin']);
    const first = await htmlUrlOf(admin);
    await revokeConsoleRole(t.app.db, a.tenant.id, admin.user.id, 'store_admin');
    expectError(await callAs(null, { url: first.htmlUrl }), 403);

    const other = await createActor(a, ['store_admin']);
    const second = await htmlUrlOf(other);
    expect((await callAs(null, { url: second.htmlUrl })).statusCode).toBe(200);
    // A sign-out revokes the tokens issued up to now (rounded up to the next second).
    await t.app.revocations.revokeUserTokens(a.tenant.id, other.user.id, 'sign-out');
    expectError(await callAs(null, { url: second.htmlUrl }), 401);
  });
});
