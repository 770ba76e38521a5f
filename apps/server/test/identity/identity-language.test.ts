import { CATALOG_CHANGES_PATH, type Language } from '@trackwell/contracts';
import { upsertIdentityFactor } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser, EMBEDDED_PASSWORD, embeddedAccessToken } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { buildNotificationCatalogue, eventually, trackSource } from '../support/notifications-fixtures.ts';

/**
 * The language follows the person: one stored preference (`users.locale`, a language
 * the store offers), saved through MyAccount and refused otherwise; change e-mails and sign-in e-mails in
 * the person's language; e-mailed links on the store's canonical origin carrying `?lang=`; the push page in
 * the store's look and language.
 */

type Message = { id: number; to: string[]; subject: string; text: string; html: string | null };

describe('one language preference per person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0', NOTIFICATIONS_RETRY_DELAY_SECONDS: '1' });
    await t.app.notifications.startWorker();
  });
  afterAll(() => t?.close());

  /** A store of this test's own offering `languages` (default first). */
  async function store(languages: Language[] = ['en', 'es', 'ar']) {
    const def = buildTenantDefinition();
    return t.createTenant({
      code: def.code,
      config: { ...def.config, ui: { ...def.config.ui, languages, defaultLanguage: languages[0]! } },
    });
  }
  const inbox = async (to: string): Promise<Message[]> => {
    const r = await t.app.inject({ method: 'GET', url: `/_dev/mail/messages?to=${encodeURIComponent(to)}` });
    return r.json().messages;
  };
  // The worker sends on its own timers: on a busy machine that takes more than a few seconds (the default wait).
  const newest = (to: string, count = 1) =>
    eventually(async () => {
      const messages = await inbox(to);
      expect(messages.length).toBeGreaterThanOrEqual(count);
      return messages[0]!;
    });
  const myAccount = (host: string, token: string) => ({
    host,
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'content-type': 'application/json',
  });

  /**
   * Signs in with a password from a page showing `acceptLanguage`, as a user with one `factor`, and asks for
   * that factor's challenge (the e-mail with the code or the push link).
   */
  async function challengeFactor(factorType: 'email' | 'push', acceptLanguage: string) {
    const { tenant, host } = await store();
    const user = await createEmbeddedUser(t.app, tenant.id);
    await upsertIdentityFactor(t.app.db, tenant.id, user.id, {
      factorType,
      provider: 'OKTA',
      status: 'ACTIVE',
      secret: null,
    });
    const headers = { host, 'content-type': 'application/json', 'accept-language': acceptLanguage };
    const primary = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      headers,
      payload: { username: user.login, password: EMBEDDED_PASSWORD },
    });
    expect(primary.json().status).toBe('MFA_REQUIRED');
    const verify = new URL(primary.json()._embedded.factors[0]._links.verify.href);
    expect(verify.origin).toBe(`http://${host}`);
    await t.app.inject({
      method: 'POST',
      url: verify.pathname,
      headers,
      payload: { stateToken: primary.json().stateToken },
    });
    return { tenant, host, user, mail: await newest(user.login) };
  }

  it('MyAccount: the profile locale is one of the store languages (schema enum); anything else → 400 naming locale', async () => {
    const { tenant, host } = await store();
    const user = await createEmbeddedUser(t.app, tenant.id);
    const token = await embeddedAccessToken(t.app, host, tenant.config['client-id'], user.login);
    const headers = myAccount(host, token);
    const put = (locale: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/idp/myaccount/profile',
        headers,
        payload: { profile: { firstName: 'Ada', lastName: 'Lovelace', locale } },
      });

    const schema = await t.app.inject({ url: '/idp/myaccount/profile/schema', headers });
    expect(schema.json().properties.locale).toMatchObject({ type: 'string', enum: ['en', 'es', 'ar'] });

    const saved = await put('es');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.locale).toBe('es');
    const row = await t.app.db.query<{ locale: string }>('SELECT locale FROM users WHERE id = $1', [user.id]);
    expect(row.rows[0]?.locale).toBe('es');
    const me = await t.app.inject({
      url: '/api/identity/v1/me',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(me.json().locale).toBe('es');

    for (const bad of ['Spanish', 'de', 'ES', 'es-ES', '', 42, ['es']]) {
      const refused = await put(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toMatchObject({
        errorCode: 'E0000001',
        errorCauses: [{ errorSummary: "locale: must be one of the store's languages (en, es, ar)" }],
      });
    }
    const nul = await put('es\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errorCode).toBe('E0000001');
    expect(JSON.stringify(nul.json().errorCauses)).toContain('locale');
    // refused values changed nothing
    expect((await t.app.inject({ url: '/idp/myaccount/profile', headers })).json().profile.locale).toBe('es');

    const unset = await put(null);
    expect(unset.statusCode).toBe(200);
    expect(unset.json().profile.locale).toBeNull();
  });

  it('old free text in users.locale reads as unset and does not block saving the profile', async () => {
    const { tenant, host } = await store();
    const user = await createEmbeddedUser(t.app, tenant.id);
    await t.app.db.query(`UPDATE users SET locale = 'English (UK)' WHERE id = $1`, [user.id]);
    const token = await embeddedAccessToken(t.app, host, tenant.config['client-id'], user.login);
    const headers = myAccount(host, token);
    const profile = (await t.app.inject({ url: '/idp/myaccount/profile', headers })).json().profile;
    expect(profile.locale).toBeNull();
    const me = await t.app.inject({
      url: '/api/identity/v1/me',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(me.json().locale).toBeNull();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/idp/myaccount/profile',
      headers,
      payload: { profile: { ...profile, firstName: 'Augusta' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({ firstName: 'Augusta', locale: null });
  });

  it('choosing Español (MyAccount PUT) makes the next change e-mail Spanish; a language the store does not offer gives its default', async () => {
    const { tenant, host } = await store(['en', 'es']);
    const { apiKey } = await buildNotificationCatalogue(t.app.db, tenant.id);
    const chooser = await createEmbeddedUser(t.app, tenant.id);
    const other = await createEmbeddedUser(t.app, tenant.id);
    await t.app.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [other.id]);
    for (const u of [chooser, other]) await trackSource(t.app.db, tenant.id, u.id, 'COMMITTEE', 'D20');
    const token = await embeddedAccessToken(t.app, host, tenant.config['client-id'], chooser.login);
    const chose = await t.app.inject({
      method: 'PUT',
      url: '/idp/myaccount/profile',
      headers: myAccount(host, token),
      payload: { profile: { firstName: 'Ada', lastName: 'Lovelace', locale: 'es' } },
    });
    expect(chose.statusCode).toBe(200);

    const published = await t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: { host, authorization: `Bearer ${apiKey}` },
      payload: {
        events: [
          {
            id: `lang-${tenant.code}`,
            type: 'new_edition',
            standard: { contentCode: 'D638-CC' },
            designation: 'D638-22',
            edition: '2022',
            publishedOn: '2022-06-01',
          },
        ],
      },
    });
    expect(published.json()).toMatchObject({ applied: 1, results: [{ recipients: 2 }] });
    const spanish = await newest(chooser.login);
    expect(spanish.subject).toBe('Nueva edición de D638-22');
    expect(spanish.html).toContain('lang="es"');
    const english = await newest(other.login);
    expect(english.subject).toBe('New edition of D638-22');
  });

  it('reset e-mail: in the language the page shows (Accept-Language), its link on the canonical origin with ?lang', async () => {
    const { tenant, host } = await store(['es', 'en', 'ar']);
    const user = await createEmbeddedUser(t.app, tenant.id);
    await t.app.db.query(`UPDATE users SET locale = 'en' WHERE id = $1`, [user.id]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn/recovery/password',
      headers: {
        host,
        'content-type': 'application/json',
        'accept-language': 'ar',
        'x-forwarded-host': 'evil.example',
        forwarded: 'host=evil.example',
      },
      payload: { username: user.login },
    });
    expect(r.statusCode).toBe(200);
    const mail = await newest(user.login);
    expect(mail.subject).toBe(`\u2068${tenant.config.tenantName}\u2069: إعادة تعيين كلمة المرور`);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    const link = /(http\S+\/signin\/reset-password\/\S+)/.exec(mail.text)?.[1] as string;
    const url = new URL(link);
    expect(url.origin).toBe(`http://${host}`);
    expect(url.searchParams.get('lang')).toBe('ar');
    expect(mail.text).toContain(`رمز الاسترداد: ${url.pathname.split('/').pop()}`);
  });

  it('unlock e-mail without a page language: the stored preference, else the store default; unoffered languages never', async () => {
    const { tenant, host } = await store(['es', 'en', 'ar']);
    const lockedEn = await createEmbeddedUser(t.app, tenant.id);
    const lockedDe = await createEmbeddedUser(t.app, tenant.id);
    await t.app.db.query(`UPDATE users SET locale = 'en' WHERE id = $1`, [lockedEn.id]);
    await t.app.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [lockedDe.id]);
    await t.app.db.query(
      `UPDATE identity_accounts SET status = 'LOCKED_OUT', locked_at = now() WHERE user_id = ANY($1)`,
      [[lockedEn.id, lockedDe.id]],
    );
    const unlock = (login: string, acceptLanguage?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/authn/recovery/unlock',
        headers: {
          host,
          'content-type': 'application/json',
          ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
        },
        payload: { username: login },
      });
    expect((await unlock(lockedEn.login)).statusCode).toBe(200);
    const stored = await newest(lockedEn.login);
    expect(stored.subject).toBe(`${tenant.config.tenantName}: unlock your account`);
    expect(stored.text).toMatch(/\/signin\/unlock\/\S+\?lang=en/);

    expect((await unlock(lockedDe.login, 'de-DE, de;q=0.9')).statusCode).toBe(200);
    const fallback = await newest(lockedDe.login);
    expect(fallback.subject).toBe(`${tenant.config.tenantName}: desbloquea tu cuenta`);
    expect(fallback.text).toMatch(/\?lang=es\b/);
  });

  it('e-mail code factor: the code e-mail is in the language of the sign-in page', async () => {
    const { mail } = await challengeFactor('email', 'es-MX,es;q=0.9');
    expect(mail.subject).toMatch(/: tu código de inicio de sesión es \d{6}$/);
    expect(mail.text).toContain('Hola, Ada:');
  });

  it('push: the e-mail and its page in Arabic (?lang=ar), in the store look, right to left, strict CSP; answered → 410', async () => {
    const { tenant, host, mail } = await challengeFactor('push', 'ar');
    expect(mail.subject).toBe(`\u2068${tenant.config.tenantName}\u2069: وافق على تسجيل دخولك`);
    const link = new URL(/(http\S+\/api\/v1\/authn\/push\/\S+)/.exec(mail.text)?.[1] as string);
    expect(link.origin).toBe(`http://${host}`);
    expect(link.searchParams.get('lang')).toBe('ar');

    // Opened from the e-mail in a browser set to English: the e-mail's language wins.
    const page = await t.app.inject({
      url: link.pathname + link.search,
      headers: { host, 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(page.body).toContain('<h1>الموافقة على تسجيل الدخول؟</h1>');
    // The store's (Latin) name keeps its own direction inside the Arabic sentence.
    expect(page.body).toContain(
      `<p>شخص ما يسجّل الدخول إلى <bdi>${tenant.config.tenantName}</bdi> بحسابك. هل هذا أنت؟</p>`,
    );
    expect(page.body).toContain(
      `<img src="/assets/${tenant.code}/logo.svg" alt="${tenant.config.tenantName}"`,
    );
    expect(page.body).toContain(`<link rel="stylesheet" href="/assets/${tenant.code}/theme.css">`);
    expect(page.body).toContain('<link rel="stylesheet" href="/api/v1/authn/page.css">');
    expect(page.body).not.toMatch(/<script|<style/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self'/);

    const css = await t.app.inject({ url: '/api/v1/authn/page.css', headers: { host } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('var(--tw-primary');
    const cached = await t.app.inject({
      url: '/api/v1/authn/page.css',
      headers: { host, 'if-none-match': String(css.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const approve = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.body).toContain('<h1>تمت الموافقة على تسجيل الدخول</h1>');
    const again = await t.app.inject({ url: link.pathname + link.search, headers: { host } });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('<h1>انتهت صلاحية طلب تسجيل الدخول</h1>');
    // A language the store does not offer is ignored: the browser's, else the store default.
    const german = await t.app.inject({ url: `${link.pathname}?lang=de`, headers: { host } });
    expect(german.body).toMatch(/<html lang="en" dir="ltr">/);
    const nulLang = await t.app.inject({ url: `${link.pathname}?lang=xx%00`, headers: { host } });
    expect(nulLang.statusCode).toBe(400);
  });
});
