import { buildTenantDefinition } from '@trackwell/db/testing';
import { describe, expect, it } from 'vitest';
import { firstScreenHints, pageLanguage } from '../../src/modules/portal/first-screen-hints.ts';

const config = (() => {
  const def = buildTenantDefinition();
  return {
    ...def.config,
    ui: {
      ...def.config.ui,
      languages: ['es_ES', 'en', 'ar', 'fr_CA'] as const,
      defaultLanguage: 'es_ES' as const,
    },
  } as typeof def.config;
})();
const bootstrap = { ltr: 'bootstrap.min-AAA.css', rtl: 'bootstrap.rtl.min-BBB.css' };

describe('pageLanguage: the language the portal will open in (spec §4)', () => {
  it("is the locale cookie's language (locale code or language code) when the store offers it", () => {
    const name = `locale_${config.ui.localeCookieEnv}`;
    expect(pageLanguage(config, `a=1; ${name}=ar`)).toBe('ar');
    expect(pageLanguage(config, `${name}=cf`)).toBe('fr_CA'); // spec §9 locale code map
    expect(pageLanguage(config, `${name}=es-es; b=2`)).toBe('es_ES');
  });

  it("is the store's default otherwise: no cookie, a language it does not offer, garbage", () => {
    const name = `locale_${config.ui.localeCookieEnv}`;
    expect(pageLanguage(config, undefined)).toBe('es_ES');
    expect(pageLanguage(config, `${name}=ja`)).toBe('es_ES');
    expect(pageLanguage(config, `${name}=%E0%A4%A`)).toBe('es_ES');
    expect(pageLanguage(config, `${name}=<script>`)).toBe('es_ES');
    expect(pageLanguage(config, 'locale_Other=ar')).toBe('es_ES');
  });
});

describe('pageLanguage with an e-mailed link (?lang=)', () => {
  it("is the link's language when the store offers it, over the cookie; otherwise as without it", () => {
    const name = `locale_${config.ui.localeCookieEnv}`;
    expect(pageLanguage(config, `${name}=en`, 'ar')).toBe('ar');
    expect(pageLanguage(config, `${name}=en`, 'ja')).toBe('en');
    expect(pageLanguage(config, undefined, ['ar'])).toBe('es_ES');
  });
});

describe('firstScreenHints', () => {
  it('preloads the Bootstrap build of the direction of the page language', () => {
    expect(firstScreenHints('es_ES', bootstrap)).toBe(
      '<link rel="preload" as="style" href="/app/bootstrap.min-AAA.css">',
    );
    expect(firstScreenHints('ar', bootstrap)).toBe(
      '<link rel="preload" as="style" href="/app/bootstrap.rtl.min-BBB.css">',
    );
  });

  it('hints nothing when the build has no Bootstrap file, and escapes a file name', () => {
    expect(firstScreenHints('en', {})).toBe('');
    expect(firstScreenHints('en', { ltr: 'a"b<c>.css' })).toBe(
      '<link rel="preload" as="style" href="/app/a&quot;b&lt;c&gt;.css">',
    );
  });
});
