import type { Language } from '@trackwell/contracts';
import type { i18n } from 'i18next';
import { loadBootstrap } from './bootstrap-stylesheet.ts';
import { directionOf } from './i18n.ts';
import { writeLocaleCookie } from './locale-cookie.ts';

/**
 * Switches the page to a language: its strings (i18next sets `<html lang dir>`, see lib/i18n.ts) and the
 * Bootstrap build for its direction, so an Arabic page is mirrored. Settles when both have.
 */
export async function switchLanguage(instance: i18n, lng: Language): Promise<void> {
  await Promise.allSettled([instance.changeLanguage(lng), loadBootstrap(directionOf(lng))]);
}

/**
 * spec §4 "Choosing a language saves the preference and switches the language": the page switches at once, and
 * the cookie `locale_{env}` goes on the registrable parent domain, computed with the Public Suffix List, which
 * is loaded only now (lib/registrable-domain.ts). Used by the header selector and the account preferences.
 */
export async function chooseLanguage(instance: i18n, lng: Language, cookieEnv: string): Promise<void> {
  const saved = import('./registrable-domain.ts')
    .then(({ registrableDomain }) => registrableDomain(window.location.hostname))
    // Without the Public Suffix List (chunk failed to load) the cookie stays on this host: still remembered.
    .catch(() => undefined)
    .then((domain) => writeLocaleCookie(cookieEnv, lng, domain));
  await Promise.all([switchLanguage(instance, lng), saved]);
}
