import { describe, expect, it } from 'vitest';
import { changedUrlsOffStoreHosts, isOnStoreHosts } from '../src/store-own-hosts.ts';

/** The sign-in page, public site and stylesheet a store administrator may set: on the store's own hosts. */
describe("addresses on the store's own hosts", () => {
  const hosts = ['shop.example', 'www.shop.example'];
  it.each([
    ['/signin', true],
    ['https://shop.example/signin', true],
    ['http://www.shop.example:8080/x', true],
    ['//evil.example/x', false],
    ['https://evil.example/signin', false],
    ['https://shop.example@evil.example/', false],
    ['https://shop.example.evil.example/', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (url, on) => {
    expect(isOnStoreHosts(url, hosts)).toBe(on);
  });

  it('names only the fields a change points elsewhere, and leaves an unchanged value alone', () => {
    const before = { 'login-page-url': 'https://idp.partner.example/', 'public-uri': '/store/', ui: {} };
    const after = {
      'login-page-url': 'https://idp.partner.example/',
      'public-uri': 'https://evil.example/',
      ui: { themeStylesheetUrl: 'https://cdn.evil.example/t.css' },
    };
    expect(changedUrlsOffStoreHosts(before, after, hosts)).toEqual(['public-uri', 'ui.themeStylesheetUrl']);
  });
});
