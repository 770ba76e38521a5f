import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Language, RTL_LANGUAGES, type TenantConfig } from '@trackwell/contracts';
import { escapeHtml } from '../store/page.ts';
import { jsonForScriptElement } from './index-page.ts';

/**
 * The server-drawn first screen of a store's page. The portal's own React components draw it:
 * `vite build --ssr` bundles apps/portal/src/entry-server.tsx into dist/ssr/entry-server.js, loaded here and
 * called per request with the store's configuration, the page language and that language's strings. The
 * page then carries, beside the configuration block (./index-page.ts):
 *
 * - the screen's HTML in `#root`, which the browser hydrates (apps/portal/src/main.tsx);
 * - the stylesheets it is drawn with, as links in <head>, in the portal's cascade order (Bootstrap of the
 *   page's direction, the app's CSS, the screen's CSS, the store's theme last; apps/portal/src/lib/stylesheets.ts);
 * - modulepreloads of the chunks the browser loads before it hydrates (from the client build's manifest);
 *   these and the entry's are fetched only once the screen is painted (apps/portal/public/start-after-paint.js):
 *   nothing on screen waits for scripts, and they do not compete with what paints;
 * - a data block with the language and its strings (the browser starts i18next with them: no download).
 *
 * Missing bundle, a failed rendering, a rendering slower than RENDER_TIMEOUT_MS: the caller sends the page
 * the browser draws itself (never a 500). React escapes every text it renders; the data block goes through
 * `jsonForScriptElement`, and what this file writes into attributes through `escapeHtml`.
 */

/** What apps/portal/src/entry-server.tsx exports. */
interface PortalRenderer {
  FIRST_SCREEN_ID: string;
  firstScreenNamespaces(pathname: string): string[];
  firstScreenModules(pathname: string): string[];
  firstScreenEarlyRequests?(pathname: string, config: TenantConfig, origin: string): string[];
  renderFirstScreen(request: {
    url: string;
    config: TenantConfig;
    language: Language;
    namespaces: Record<string, Record<string, unknown>>;
  }): Promise<{ head: string; body: string }>;
}

/** The entries of Vite's build manifest (dist/.vite/manifest.json) this needs. */
type Manifest = Record<
  string,
  { file: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean }
>;

export const SERVER_BUNDLE = 'ssr/entry-server.js';
const MANIFEST = '.vite/manifest.json';
/**
 * The library chunks of the portal's build (its `codeSplitting` groups in apps/portal/vite.config.ts): no
 * code of the portal's own, so they can run ahead of the entry, each in a task of its own.
 */
const LIBRARY_CHUNKS = new Set(['react', 'vendor']);
/** The portal's script that starts its entry after the first paint (apps/portal/public/). */
const START_AFTER_PAINT = 'start-after-paint.js';
/** The portal's script that starts a signed-in screen's first calls with the page (apps/portal/public/). */
const EARLY_REQUESTS = 'early-requests.js';
/** A rendering takes milliseconds; one that hangs (a lazy part that never resolves) must not hold the page. */
const RENDER_TIMEOUT_MS = 3000;

/** The loaded bundle and manifest, kept until the files change (a rebuild is served at once). */
interface Loaded {
  stamp: string;
  renderer: PortalRenderer;
  manifest: Manifest;
}

export interface FirstScreenPage {
  /** The page language's `<html lang dir>`. */
  language: Language;
  /** Links and data for <head>, after the configuration block. */
  head: string;
  /** Stylesheet links that go before the app's own CSS (Bootstrap: the base of the cascade). */
  baseStylesheets: string;
  /** The screen's HTML for `#root`. */
  body: string;
  /** The build's library chunks (`/app/…`), which may run before the entry. */
  libraries: string[];
}

/** What identifies a build of the server bundle and its manifest (undefined: there is none). */
async function stampOf(distDir: string): Promise<string | undefined> {
  try {
    const [bundle, manifest] = await Promise.all([
      stat(join(distDir, SERVER_BUNDLE)),
      stat(join(distDir, MANIFEST)),
    ]);
    return `${bundle.mtimeMs}-${bundle.size}-${manifest.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** Loads the server bundle and the client build's manifest of a build. */
async function load(distDir: string, stamp: string): Promise<Loaded | undefined> {
  // The stamp in the URL makes a rebuilt bundle a new module (Node caches modules by URL).
  const url = `${pathToFileURL(join(distDir, SERVER_BUNDLE)).href}?v=${encodeURIComponent(stamp)}`;
  const [renderer, manifest] = await Promise.all([
    import(url) as Promise<PortalRenderer>,
    readFile(join(distDir, MANIFEST), 'utf8').then((text) => JSON.parse(text) as Manifest),
  ]);
  return { stamp, renderer, manifest };
}

export function createFirstScreenRenderer(distDir: string) {
  let loaded: Promise<Loaded | undefined> | undefined;
  let loadedStamp = '';

  /** The bundle, when there is one (undefined: the portal was built without it, or it failed to load). */
  async function current(): Promise<Loaded | undefined> {
    const stamp = await stampOf(distDir);
    if (!stamp) return undefined;
    if (!loaded || loadedStamp !== stamp) {
      loadedStamp = stamp;
      loaded = load(distDir, stamp).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
    }
    return loaded;
  }

  /**
   * The first screen of the page at `url` (absolute, on the store's canonical origin), drawn in
   * `language`; undefined when there is no server bundle. Rejects when the rendering fails.
   */
  async function draw(input: {
    url: string;
    config: TenantConfig;
    language: Language;
    bootstrap: { ltr?: string | undefined; rtl?: string | undefined };
  }): Promise<FirstScreenPage | undefined> {
    const bundle = await current();
    if (!bundle) return undefined;
    const { renderer, manifest } = bundle;
    const { pathname } = new URL(input.url);
    const names = renderer.firstScreenNamespaces(pathname);
    const namespaces = Object.fromEntries(
      await Promise.all(
        names.map(async (ns) => {
          const file = join(distDir, 'locales', input.language, `${ns}.json`);
          return [ns, JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>] as const;
        }),
      ),
    );
    const screen = await withTimeout(
      renderer.renderFirstScreen({
        url: input.url,
        config: input.config,
        language: input.language,
        namespaces,
      }),
      RENDER_TIMEOUT_MS,
    );

    const { scripts, stylesheets } = chunksOf(manifest, renderer.firstScreenModules(pathname));
    const bootstrap = RTL_LANGUAGES.has(input.language) ? input.bootstrap.rtl : input.bootstrap.ltr;
    const early =
      renderer.firstScreenEarlyRequests?.(pathname, input.config, new URL(input.url).origin) ?? [];
    const link = (rel: string, href: string, extra = '') =>
      `<link rel="${rel}" href="${escapeHtml(href)}"${extra}>`;
    return {
      language: input.language,
      baseStylesheets: bootstrap ? link('stylesheet', `/app/${bootstrap}`, ' data-tw-slot="base"') : '',
      head: [
        ...(early.length > 0
          ? [`<script async src="/${EARLY_REQUESTS}" data-urls="${escapeHtml(early.join(' '))}"></script>`]
          : []),
        ...stylesheets.map((href) => link('stylesheet', `/${href}`, ' crossorigin')),
        link('stylesheet', input.config.ui.themeStylesheetUrl, ' data-tw-slot="theme"'),
        ...scripts.map((href) => link('modulepreload', `/${href}`, ' crossorigin')),
        screen.head,
        `<script type="application/json" id="${escapeHtml(renderer.FIRST_SCREEN_ID)}">${jsonForScriptElement({ language: input.language, namespaces })}</script>`,
      ].join(''),
      body: screen.body,
      libraries: Object.values(manifest)
        .filter((chunk) => chunk.name !== undefined && LIBRARY_CHUNKS.has(chunk.name))
        .map((chunk) => `/${chunk.file}`),
    };
  }

  return { draw };
}

/**
 * The chunks and stylesheets the given source modules load (their static imports, transitively), less
 * what the page's entry already loads (index.html links it).
 */
export function chunksOf(
  manifest: Manifest,
  modules: string[],
): { scripts: string[]; stylesheets: string[] } {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const inPage = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) walk(entryKey, inPage);
  const needed = new Set<string>();
  for (const module of modules) walk(module, needed);
  const chunks = [...needed].filter((key) => !inPage.has(key)).map((key) => manifest[key]!);
  return {
    scripts: chunks.map((chunk) => chunk.file),
    stylesheets: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The first screen took longer than ${ms} ms to draw`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The portal's index.html with a server-drawn first screen: the page language on <html>, the store's name
 * as the title (the screen names itself once it runs), Bootstrap before the app's CSS, the rest of `page.head`
 * at the end of <head> (after `headEnd`: the configuration block), and the screen in `#root`.
 */
export function pageWithFirstScreen(
  html: string,
  page: FirstScreenPage,
  title: string,
  headEnd: string,
): string {
  const lang = page.language.replaceAll('_', '-');
  const dir = RTL_LANGUAGES.has(page.language) ? 'rtl' : 'ltr';
  const firstStylesheet = /<link rel="stylesheet"/.exec(html)?.index ?? html.indexOf('</head>');
  let out = `${html.slice(0, firstStylesheet)}${page.baseStylesheets}${html.slice(firstStylesheet)}`;
  // Function replacers: a `$` in a store's text must not read as a replacement pattern.
  out = out
    .replace(/<html[^>]*>/, () => `<html lang="${escapeHtml(lang)}" dir="${dir}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${headEnd}${page.head}</head>`);
  // The screen is already drawn: its scripts only make it work. They load once it is painted
  // (apps/portal/public/start-after-paint.js, in place of the entry's script and every modulepreload). (A
  // signed-in screen waits for its scripts and the user anyway, but starting them with the page, beside the
  // stylesheets, delayed its first paint by 1.7 s in bench/lighthouse and brought its intro no sooner.)
  out = startAfterPaint(out, page.libraries);
  const root = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/.exec(out);
  if (!root) throw new Error('index.html has no <div id="root"> before </body>');
  return `${out.slice(0, root.index)}<div id="root">${page.body}</div>${out.slice(root.index + root[0].length - root[1]!.length)}`;
}

/** The page with start-after-paint.js in place of its entry script and modulepreloads. */
function startAfterPaint(html: string, libraries: string[]): string {
  const chunks: string[] = [];
  const out = html.replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_, href: string) => {
    chunks.push(href);
    return '';
  });
  return out.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_, src: string) =>
      `<script defer src="/${START_AFTER_PAINT}" data-entry="${src}" data-chunks="${chunks.join(' ')}" data-libraries="${libraries.map(escapeHtml).join(' ')}"></script>`,
  );
}
