import { readdir } from 'node:fs/promises';
import {
  type Language,
  LOCALE_CODE_MAP,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
  type TenantConfig,
} from '@trackwell/contracts';

/**
 * Preload hints for what the portal's first screen will ask for once its script runs (issue 12 §1): the
 * Bootstrap build of the page's direction and the translations of the page's language. Without them these
 * requests start only after the bundle has loaded and run; with them they load beside it. A hint is only a
 * head start: the portal makes the same requests either way, and a wrong guess costs one small download.
 *
 * The language is the portal's choice (spec §4 "Language"): the locale cookie's language when the store
 * offers it, else the store's default (`resolveLanguage` in apps/portal/src/lib/language.ts).
 */
const byLocaleCode = new Map<string, Language>(SUPPORTED_LANGUAGES.map((l) => [LOCALE_CODE_MAP[l], l]));

export function pageLanguage(config: TenantConfig, cookieHeader: string | undefined): Language {
  const name = `locale_${config.ui.localeCookieEnv}`;
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      break;
    }
    const stored =
      byLocaleCode.get(value) ?? (SUPPORTED_LANGUAGES as readonly string[]).find((l) => l === value);
    if (stored && config.ui.languages.includes(stored as Language)) return stored as Language;
    break;
  }
  return config.ui.defaultLanguage;
}

/** The translation namespace the screen at `path` asks for besides `common` (lazy: see apps/portal/src/lib/i18n.ts). */
function screenNamespace(path: string): string | undefined {
  if (path === '/signin' || path.startsWith('/signin/')) return 'signin';
  if (path === '/account' || path.startsWith('/account/')) return 'account';
  if (path === '/') return 'tracker';
  return undefined;
}

/** The hashed Bootstrap builds in the portal's bundle folder, found once per bundle folder listing. */
export async function bootstrapFiles(bundleDir: string): Promise<{ ltr?: string; rtl?: string }> {
  const names = await readdir(bundleDir).catch(() => [] as string[]);
  return {
    ltr: names.find((n) => /^bootstrap\.min-[\w-]+\.css$/.test(n)),
    rtl: names.find((n) => /^bootstrap\.rtl\.min-[\w-]+\.css$/.test(n)),
  };
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export function firstScreenHints(
  language: Language,
  path: string,
  bootstrap: { ltr?: string | undefined; rtl?: string | undefined },
): string {
  const links: string[] = [];
  const css = RTL_LANGUAGES.has(language) ? bootstrap.rtl : bootstrap.ltr;
  if (css) links.push(`<link rel="preload" as="style" href="/app/${escapeAttr(css)}">`);
  // English common words are in the bundle; other languages, and each screen's words, are fetched. English
  // is the fallback language, so its screen namespace is fetched too.
  const namespace = screenNamespace(path);
  const files = [
    ...(language === 'en' ? [] : [`${language}/common`]),
    ...(namespace ? [`${language}/${namespace}`, ...(language === 'en' ? [] : [`en/${namespace}`])] : []),
  ];
  for (const file of files) {
    links.push(`<link rel="preload" as="fetch" crossorigin href="/locales/${escapeAttr(file)}.json">`);
  }
  return links.join('');
}
