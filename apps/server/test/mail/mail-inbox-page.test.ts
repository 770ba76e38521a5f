import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** The local mail inbox web page at /_dev/mail: list, search, one message, delete; escaped; no script. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SMTP_SINK_PORT: '0' });
});
afterAll(async () => t?.close());

const HOSTILE = `<img src=x onerror="alert('x')"> & "quotes"`;
const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const post = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: '',
  });
const idsIn = (html: string) => [...html.matchAll(/href="\/_dev\/mail\/(\d+)"/g)].map((m) => Number(m[1]));

describe('mail inbox web page', () => {
  it('lists messages newest first with from, to, subject and date; every value escaped; a strict CSP', async () => {
    await t.app.mailer.send({ to: 'first@example.test', subject: 'First message', text: 'one' });
    await t.app.mailer.send({
      to: 'second@example.test',
      subject: HOSTILE,
      text: 'two </pre><script>x()</script>',
    });
    const res = await page('/_dev/mail');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; &quot;quotes&quot;',
    );
    expect(res.body).toMatch(/no-reply@trackwell\.example/);
    expect(res.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    const ids = idsIn(res.body);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeGreaterThan(ids[1]!); // newest first
    expect(res.body.indexOf('second@example.test')).toBeLessThan(res.body.indexOf('first@example.test'));
    // Accessible form controls: labelled inputs, named delete buttons.
    expect(res.body).toMatch(/<label for="to">/);
    expect(res.body).toMatch(/<label for="q">/);
    expect(res.body).toMatch(/aria-label="Delete “First message”"/);
    expect(res.body).toContain('2 messages');
  });

  it('searches by recipient and by text, and says when nothing matches', async () => {
    const byTo = await page('/_dev/mail?to=FIRST@example.test');
    expect(byTo.body).toContain('First message');
    expect(byTo.body).not.toContain('second@example.test');
    expect(byTo.body).toContain('value="FIRST@example.test"');
    const byText = await page('/_dev/mail?q=two');
    expect(idsIn(byText.body)).toHaveLength(1);
    expect(byText.body).toContain('second@example.test');
    const none = await page(`/_dev/mail?q=${encodeURIComponent('"><script>')}`);
    expect(none.body).toContain('No message matches this search.');
    expect(none.body).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect((await page(`/_dev/mail?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('opens one message: HTML in a sandboxed frame, plain text, every header', async () => {
    await t.app.mailer.send({
      to: 'open@example.test',
      subject: 'Open me',
      text: 'Plain <b>text</b>',
      html: '<p>Rich <b>HTML</b></p>',
    });
    const [id] = idsIn((await page('/_dev/mail?to=open@example.test')).body);
    const res = await page(`/_dev/mail/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<iframe sandbox src="/_dev/mail/messages/${id}/html"`);
    expect(res.body).toContain('Plain &lt;b&gt;text&lt;/b&gt;');
    expect(res.body).not.toContain('<p>Rich'); // the HTML is only in the frame, never inline
    for (const header of ['Message-ID', 'Subject', 'Content-Type', 'MIME-Version', 'Date'])
      expect(res.body).toContain(`<td>${header}</td>`);
    expect(res.headers['content-security-policy']).toContain("frame-src 'self'");
    const frame = await page(`/_dev/mail/messages/${id}/html`);
    expect(frame.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(frame.body).toBe('<p>Rich <b>HTML</b></p>');
    const missing = await page('/_dev/mail/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('No such message');
    expect((await page('/_dev/mail/abc')).statusCode).toBe(400);
  });

  it('deletes one message and all messages by POST forms (303 back to the list); refuses cross-site posts', async () => {
    await t.app.mailer.send({ to: 'gone@example.test', subject: 'Delete by form', text: 'x' });
    const [id] = idsIn((await page('/_dev/mail?to=gone@example.test')).body);
    const crossSite = await post(`/_dev/mail/${id}/delete`, { origin: 'http://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toMatch(/Cross-site/);
    expect((await post(`/_dev/mail/${id}/delete`, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const deleted = await post(`/_dev/mail/${id}/delete`, {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe('/_dev/mail');
    expect((await page(`/_dev/mail/${id}`)).statusCode).toBe(404);
    expect((await post(`/_dev/mail/${id}/delete`)).statusCode).toBe(404);

    expect((await post('/_dev/mail/delete-all', { origin: 'http://evil.example' })).statusCode).toBe(403);
    const all = await post('/_dev/mail/delete-all', { 'sec-fetch-site': 'same-origin' });
    expect(all.statusCode).toBe(303);
    const empty = await page('/_dev/mail');
    expect(empty.body).toContain('No messages yet.');
    expect(empty.body).not.toContain('Delete all messages');
  });
});
