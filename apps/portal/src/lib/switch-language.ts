import type { Language } from '@trackwell/contracts';
import type { i18n } from 'i18next';
import { loadBootstrap } from './bootstrap-stylesheet.ts';
import { directionOf } from './i18n.ts';

/**
 * Switches the page to a language: its strings (i18next sets `<html lang dir>`, see lib/i18n.ts) and the
 * Bootstrap build for its direction, so an Arabic page is mirrored. Settles when both have.
 */
export async function switchLanguage(instance: i18n, lng: Language): Promise<void> {
  await Promise.allSettled([instance.changeLanguage(lng), loadBootstrap(directionOf(lng))]);
}
