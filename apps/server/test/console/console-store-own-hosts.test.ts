import { CONSOLE_PATHS, getTenantConfigurationResponse, TENANT_CONFIG_PATH } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  callAs,
  consoleRowCounts,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * The addresses a store's anonymous configuration sends visitors to before they sign in (the sign-in page,
 * the public site, the theme stylesheet) stay on the store's own hosts when its administrator sets them:
 * elsewhere, a page could ask the store's users for their password. An operator may point them anywhere.
 */
useConsoleWorld();

const storeUrl = () => CONSOLE_PATHS.store.replace(':code', a.tenant.code);
const patchAs = (actor: typeof adminA, config: object) =>
  callAs(actor, { method: 'PATCH', url: storeUrl(), payload: { config } });

async function anonymousConfig() {
  const res = await t.app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host: a.host } });
  return getTenantConfigurationResponse.parse(res.json()).responseData.value;
}

const ELSEWHERE: Array<[string, object, string]> = [
  [
    'the sign-in page',
    { 'login-page-url': 'https://login.evil.example/signin' },
    'body.config.login-page-url',
  ],
  ['the public site', { 'public-uri': 'https://evil.example/' }, 'body.config.public-uri'],
  [
    'the theme stylesheet',
    { ui: { themeStylesheetUrl: 'https://cdn.evil.example/theme.css' } },
    'body.config.ui.themeStylesheetUrl',
  ],
  [
    'a host hidden behind user info',
    { 'login-page-url': `https://${'x'}@evil.example/` },
    'body.config.login-page-url',
  ],
];

describe('addresses visitors are sent to before signing in', () => {
  it.each(ELSEWHERE)(
    'a store admin cannot point %s at another host: 400 naming the field, nothing saved',
    async (_what, config, field) => {
      const before = await consoleRowCounts();
      const body = expectError(await patchAs(adminA, config), 400);
      expect(body.issues?.map((i) => i.path)).toEqual([field]);
      expect(body.message).toContain(a.host);
      expect(await consoleRowCounts()).toEqual(before);
      expect(JSON.stringify(await anonymousConfig())).not.toContain('evil.example');
    },
  );

  it('a store admin may set them to paths or URLs on the store’s own hosts', async () => {
    const res = await patchAs(adminA, {
      'login-page-url': `https://${a.host}/signin`,
      'public-uri': '/store/',
      ui: { themeStylesheetUrl: `http://${a.host}/assets/theme.css` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await anonymousConfig())['login-page-url']).toBe(`https://${a.host}/signin`);
  });

  it('an operator may point them elsewhere, and the store admin’s later saves keep that value', async () => {
    const res = await patchAs(operator, { 'login-page-url': 'https://login.partner.example/signin' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await anonymousConfig())['login-page-url']).toBe('https://login.partner.example/signin');
    const later = await patchAs(adminA, { tenantName: 'Store A, renamed' });
    expect(later.statusCode, later.body).toBe(200);
    expect((await anonymousConfig())['login-page-url']).toBe('https://login.partner.example/signin');
  });
});
