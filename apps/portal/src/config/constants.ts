/**
 * Built-in values the portal needs before (or without) any tenant configuration.
 */

/** Support contact on the full-page error screen when the server's answer names none (spec §2). */
export const DEFAULT_SUPPORT_EMAIL = 'support@trackwell.example';

/** Translation namespace of the app shell (header, footer, toasts, modals, error pages); bundled in English. */
export const COMMON_NAMESPACE = 'common';

/**
 * Every translation namespace, one file per feature under `locales/{lng}/{ns}.json`. Only the shell's English
 * is bundled; the others are fetched with the language, in parallel, so each screen's strings stay out of the
 * first download.
 */
export const TRANSLATION_NAMESPACES = [
  COMMON_NAMESPACE,
  'tracker',
  'signin',
  'account',
  'console',
  'console-catalog',
  'console-activity',
  'console-stores',
  'organisations',
] as const;
/**
 * Namespaces only lazily loaded code reads (the header's notification bell; the webhook
 * endpoints of the console and the account area): i18next loads them on
 * first use, so they are neither preloaded nor named in the first download (the tests read every namespace).
 */
export const ON_DEMAND_NAMESPACES = ['notifications', 'webhooks'] as const;
export type TranslationNamespace =
  | (typeof TRANSLATION_NAMESPACES)[number]
  | (typeof ON_DEMAND_NAMESPACES)[number];

/** spec §8 "Translation files": `{lng}/{ns}.json` under a locales path, served by the server from dist. */
export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/**
 * sessionStorage key prefix of the cached tenant configuration (spec §3: "The config is cached in session
 * storage"). The version part changes when the cached shape changes, so an old tab never reads a stale shape.
 */
export const TENANT_CONFIG_CACHE_PREFIX = 'trackwell:tenant-config:v1:';

/** How long the shell waits for a stylesheet before showing the page anyway (a slow theme must not block). */
export const STYLESHEET_TIMEOUT_MS = 4000;

/** spec §9 "Translation loader": at most 5 retries, 350 ms initial delay that doubles, at most 10 parallel reads. */
export const TRANSLATION_LOAD_RETRIES = 5;
export const TRANSLATION_RETRY_DELAY_MS = 350;
export const TRANSLATION_PARALLEL_READS = 10;

/** spec §9: success and error toasts stay 4 s; at most 20 at once. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 20;

/** The platform behind every white-label store: the alt text of the "Powered by:" logo (spec §1, §2 Footer). */
export const PLATFORM_NAME = 'Trackwell';
