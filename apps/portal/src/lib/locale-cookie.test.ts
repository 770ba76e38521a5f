import { describe, expect, it } from 'vitest';
import { localeCookieString, readLocaleCookie, writeLocaleCookie } from './locale-cookie.ts';
import { registrableDomain } from './registrable-domain.ts';

describe('the locale cookie domain: the registrable parent domain (spec §9, Public Suffix List)', () => {
  it.each([
    ['tracker.awwa.org', 'awwa.org'],
    ['portal.example.co.uk', 'example.co.uk'],
    ['x.y.gov.au', 'y.gov.au'],
    ['shop.standards.net', 'standards.net'],
    ['awwa.org', 'awwa.org'],
  ])('%s → %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });

  it.each(['localhost', '127.0.0.1'])('%s → no Domain attribute (a host-only cookie)', (host) => {
    expect(registrableDomain(host)).toBeUndefined();
    expect(localeCookieString('Dev', 'ar', registrableDomain(host))).not.toMatch(/Domain=/i);
  });
});

describe('the locale cookie (spec §9)', () => {
  it('is locale_{env}, 30 days, path /, SameSite=None, Secure, on the given domain, with the locale code', () => {
    expect(localeCookieString('Dev', 'fr_CA', 'awwa.org')).toBe(
      'locale_Dev=cf; Max-Age=2592000; Path=/; SameSite=None; Secure; Domain=awwa.org',
    );
    expect(localeCookieString('Prod', 'zh_Hans', undefined)).toBe(
      'locale_Prod=zh-hans; Max-Age=2592000; Path=/; SameSite=None; Secure',
    );
  });

  it('is written to document.cookie', () => {
    let written = '';
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', { configurable: true, set: (v: string) => (written = v) });
    try {
      writeLocaleCookie('Dev', 'ar', 'awwa.org');
    } finally {
      if (descriptor) Object.defineProperty(document, 'cookie', descriptor);
      Reflect.deleteProperty(document, 'cookie');
    }
    expect(written).toBe('locale_Dev=ar; Max-Age=2592000; Path=/; SameSite=None; Secure; Domain=awwa.org');
  });

  it('reads back the language from the locale code, ignoring other cookies and other envs', () => {
    expect(readLocaleCookie('Dev', 'a=1; locale_Dev=cf; b=2')).toBe('fr_CA');
    expect(readLocaleCookie('Dev', 'locale_Dev=es-es')).toBe('es_ES');
    expect(readLocaleCookie('Dev', 'locale_Dev=ar')).toBe('ar');
    expect(readLocaleCookie('Dev', 'locale_Prod=ar')).toBeUndefined();
    expect(readLocaleCookie('Dev', 'locale_Dev=klingon')).toBeUndefined();
    expect(readLocaleCookie('Dev', '')).toBeUndefined();
  });
});
