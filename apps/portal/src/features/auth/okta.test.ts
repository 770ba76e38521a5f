import { afterEach, describe, expect, it, vi } from 'vitest';
import { oktaAuthFor, resetOktaAuthInstances } from './okta.ts';

const tenant = { 'issuer-uri': '/oauth2/default', 'client-id': 'portal-test' };

describe('the Okta SDK set-up (spec §4, §9)', () => {
  afterEach(() => {
    resetOktaAuthInstances();
    vi.restoreAllMocks();
  });

  it('keeps tokens in this tab and renews them itself: no storage sync, no cross-tab leader election', async () => {
    const auth = oktaAuthFor(tenant, 'http://acme.localhost:3000');
    expect(auth.tokenManager.getOptions()).toMatchObject({
      autoRenew: true,
      storage: 'sessionStorage',
      syncStorage: false,
    });

    const listen = vi.spyOn(window, 'addEventListener');
    await auth.start();
    // Leader election (broadcast-channel) would add a deprecated `unload` listener to the page.
    expect(listen.mock.calls.map(([type]) => type)).not.toContain('unload');
    expect(auth.serviceManager.getService('leaderElection')?.isStarted() ?? false).toBe(false);
    expect(auth.serviceManager.getService('syncStorage')?.isStarted() ?? false).toBe(false);
    expect(auth.serviceManager.getService('autoRenew')?.isStarted()).toBe(true);
    await auth.stop();
  });

  it('gives one instance per issuer and client', () => {
    const origin = 'http://acme.localhost:3000';
    expect(oktaAuthFor(tenant, origin)).toBe(oktaAuthFor(tenant, origin));
    expect(oktaAuthFor({ ...tenant, 'client-id': 'other' }, origin)).not.toBe(oktaAuthFor(tenant, origin));
  });

  it('says which language the page shows on every call (Accept-Language = <html lang>): sign-in e-mails follow it', async () => {
    const seen: Array<string | null> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      seen.push(new Headers(init?.headers).get('accept-language'));
      return new Response(JSON.stringify({ status: 'RECOVERY_CHALLENGE' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const auth = oktaAuthFor(tenant, 'http://acme.localhost:3000');
    document.documentElement.lang = 'ar';
    await auth.forgotPassword({ username: 'ada@example.test', factorType: 'EMAIL' });
    document.documentElement.lang = 'fr-CA';
    await auth.forgotPassword({ username: 'ada@example.test', factorType: 'EMAIL' });
    expect(seen).toEqual(['ar', 'fr-CA']);
    document.documentElement.lang = 'en';
  });
});
