/**
 * Built-in values the portal needs before (or without) any tenant configuration.
 */

/** Support contact on the full-page error screen when the server's answer names none (spec §2). */
export const DEFAULT_SUPPORT_EMAIL = 'support@trackwell.example';

/** Translation namespace of the app shell and every screen of this issue. */
export const COMMON_NAMESPACE = 'common';

/** spec §8 "Translation files": `{lng}/{ns}.json` under a locales path, served by the server from dist. */
export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/**
 * sessionStorage key prefix of the cached tenant configuration (spec §3: "The config is cached in session
 * storage"). The version part changes when the cached shape changes, so an old tab never reads a stale shape.
 */
export const TENANT_CONFIG_CACHE_PREFIX = 'trackwell:tenant-config:v1:';

/** How long the shell waits for a stylesheet before showing the page anyway (a slow theme must not block). */
export const STYLESHEET_TIMEOUT_MS = 4000;
