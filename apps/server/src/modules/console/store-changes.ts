import {
  type ConsoleStoreCreate,
  type ConsoleStorePatch,
  changedUrlsOffStoreHosts,
} from '@trackwell/contracts';
import type { StoredDefinition } from '@trackwell/db';

/*
 * What a console write makes of a store's definition, framework-free: a PATCH merged into the stored
 * definition (validated afterwards, whole, by the seed's contract in `upsertTenant`), a new store's starting
 * definition, and the before → after of the audit log.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7396 JSON merge patch: objects merge key by key, anything else replaces, null removes the key. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    // Own keys only: `__proto__` in a JSON body is an own key and must not reach the prototype.
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** The definition a PATCH asks for (not yet validated): the stored one with the named parts merged in. */
export function patchedDefinition(stored: StoredDefinition, patch: ConsoleStorePatch) {
  return {
    code: stored.code,
    hosts: patch.hosts ?? stored.hosts,
    config: patch.config ? mergePatch(stored.config, patch.config) : stored.config,
    theme: patch.theme ? mergePatch(stored.theme, patch.theme) : stored.theme,
    featureFlags: patch.featureFlags
      ? mergePatch(stored.featureFlags, patch.featureFlags)
      : stored.featureFlags,
    logoSvg: patch.logoSvg ?? stored.logoSvg,
  };
}

type Definition = ReturnType<typeof patchedDefinition>;

/**
 * What only a platform operator may change: the addresses that select the store, and every address the portal
 * sends the signed-in user's tokens to (the identity provider and the services). A store administrator who
 * could point them elsewhere could collect the store's users' tokens.
 */
const OPERATOR_ONLY_CONFIG_KEYS = [
  'issuer-uri',
  'client-id',
  'mae-uri',
  'myaccount-uri',
  'tracker-uri',
  'member-uri',
] as const;

/** The operator-only fields a change touches, as `hosts` / `config.<key>` paths. */
export function operatorOnlyChanges(before: Definition, after: Definition): string[] {
  const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  const config = (d: Definition) => (isObject(d.config) ? d.config : {});
  return [
    ...(changed(before.hosts, after.hosts) ? ['hosts'] : []),
    ...OPERATOR_ONLY_CONFIG_KEYS.filter((key) => changed(config(before)[key], config(after)[key])).map(
      (key) => `config.${key}`,
    ),
  ];
}

/**
 * The sign-in page, public site and stylesheet addresses a change points off the store's own hosts
 * (contracts' `changedUrlsOffStoreHosts`), as `config.<path>`: only an operator may.
 */
export function offHostUrlChanges(before: Definition, after: Definition): string[] {
  return changedUrlsOffStoreHosts(before.config, after.config, after.hosts).map((path) => `config.${path}`);
}

const PARTS = ['hosts', 'config', 'theme', 'featureFlags', 'logoSvg'] as const;

/** The audit log's before → after: only the parts (and, in objects, top-level keys) that changed. */
export function definitionChanges(before: Definition, after: Definition) {
  const was: Json = {};
  const now: Json = {};
  for (const part of PARTS) {
    const a = before[part];
    const b = after[part];
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
        was[`${part}.${key}`] = a[key] ?? null;
        now[`${part}.${key}`] = b[key] ?? null;
      }
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[part] = a;
      now[part] = b;
    }
  }
  return { before: was, after: now };
}

/**
 * A new store's starting definition: on the embedded identity provider of its own hosts, the tracker's
 * standard and committee sections on, English only, the platform's look (`template`'s theme), a plain logo.
 * Everything else is then a PATCH away.
 */
export function newStoreDefinition(input: ConsoleStoreCreate, template: Pick<StoredDefinition, 'theme'>) {
  const { code, name, hosts } = input;
  const off = { enabled: false };
  return {
    code,
    hosts,
    config: {
      'compass-uri': '/',
      'issuer-uri': '/oauth2/default',
      'mae-uri': '/',
      'client-id': `trackwell-portal-${code}`,
      'myaccount-uri': '/',
      'tracker-uri': '/',
      'login-page-url': '/signin',
      'member-uri': '/',
      'public-uri': '/store/',
      publicURL: '/store/standards/',
      tenantName: name,
      tenantCode: code,
      trackerSetting: {
        individual_standard_tracker: { enabled: true },
        committee: { enabled: true },
        industry_area: off,
        publisher: off,
        work_item: off,
        publisher_list: [],
        header: { page_paragraph_info: `Track the standards of ${name}.` },
      },
      footer: { socials: { links: [] }, displayAddress: '', links: [] },
      ui: {
        themeStylesheetUrl: `/assets/${code}/theme.css`,
        logoUrl: `/assets/${code}/logo.svg`,
        footerLogo: 'poweredBy',
        poweredByLogoUrl: `/assets/${code}/logo.svg`,
        sidebar: off,
        copyrightLine: off,
        languageSelector: off,
        contactUrl: '/',
        languages: ['en'],
        defaultLanguage: 'en',
        localeCookieEnv: 'Prod',
      },
    },
    theme: template.theme,
    featureFlags: {
      enable_resolver_DP_for_content: off,
      track_by_publishers: off,
      enable_translation: off,
      user_webhooks: off,
    },
    logoSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" role="img"><rect width="120" height="32" rx="6" fill="#1d4ed8"/></svg>',
  };
}
