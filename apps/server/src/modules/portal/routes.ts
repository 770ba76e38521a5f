import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_QUERY_PARAM, type Language, ok, tenantConfig } from '@trackwell/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { contentEtag } from '../../http/etag.ts';
import { parseHostHeader } from '../../http/host.ts';
import { resolveTenantConfig } from '../tenants/resolve-config.ts';
import { bootstrapFiles, firstScreenHints, pageLanguage } from './first-screen-hints.ts';
import { embedTenantConfig, tenantConfigBlock } from './index-page.ts';
import { createFirstScreenRenderer, pageWithFirstScreen, SERVER_BUNDLE } from './server-render.ts';

/**
 * Serves the built portal: hashed bundles under /app/ (cached for a year), translations under /locales/,
 * root files such as the favicon, and index.html for every other page a browser navigates to (the SPA
 * routes, including unknown ones, which the portal renders as its own not-found screen). API-looking
 * paths never fall back to HTML. Files are looked up per request, so a rebuild is served at once.
 * A page on a host that selects no store (unknown, or not an exact host and served port) is answered
 * 404 with the same page, which renders the full-page "not found" screen; a page on a store's other host
 * is redirected to its canonical origin, where sign-in works (redirect URIs and cookies are per origin).
 * A store's page carries the store's configuration in a data block (./index-page.ts), so the portal
 * starts without asking for it, and its first screen already drawn by the portal's components
 * (./server-render.ts); without the server bundle, or when drawing fails, the page the browser
 * draws itself, with preload hints for what its first screen fetches (./first-screen-hints.ts).
 */
const API_PREFIXES = ['/api/', '/assets/', '/config/', '/oauth2/', '/idp/', '/login/', '/docs'];
const ROOT_FILE = /^\/[a-z0-9][a-z0-9._-]*\.[a-z0-9]{1,8}$/i;

/**
 * The portal's pages are documented here, not in the API reference (hidden): 200 the page (HTML), 304 not
 * modified, 308 on to the store's canonical origin, 404 the not-found page (unknown host) or, for a path
 * that is no page, the JSON error; 503 when the portal is not built.
 */
const PAGE_SCHEMA = {
  hide: true,
  summary: 'A page of the portal (index.html with the store’s configuration), or one of its root files',
};

/** Without a built portal: `/` says so (503) and how to build it. */
function answerNotBuilt(app: FastifyInstance, distDir: string) {
  app.log.warn(`The portal is not built (${join(distDir, 'index.html')} is missing): run \`npm run build\`.`);
  app.get('/', { schema: PAGE_SCHEMA }, async (_request, reply) =>
    reply
      .code(503)
      .type('text/plain')
      .send('The portal is not built yet: run `npm run build`, then restart.'),
  );
}

export const portalRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  if (!existsSync(join(distDir, 'index.html'))) return answerNotBuilt(app, distDir);

  const bundles = join(distDir, 'app');
  const firstScreens = createFirstScreenRenderer(distDir);
  if (!existsSync(join(distDir, SERVER_BUNDLE))) {
    app.log.warn(
      `The portal's server rendering is not built (${join(distDir, SERVER_BUNDLE)} is missing): pages are drawn by the browser alone.`,
    );
  }
  await app.register(fastifyStatic, {
    root: bundles,
    prefix: '/app/',
    cacheControl: false,
    preCompressed: true, // .br / .gz written at build time (scripts/precompress.ts), chosen by Accept-Encoding
    // This instance also provides reply.sendFile, used below for index.html: only bundles are immutable.
    setHeaders: (reply, path) =>
      reply.header(
        'cache-control',
        path.startsWith(bundles) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  await app.register(fastifyStatic, {
    root: join(distDir, 'locales'),
    prefix: '/locales/',
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
  });

  const sendRevalidated = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-cache').sendFile(file, distDir);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const tenant = await app.tenants.ofRequest(request);
    if (!tenant) return sendRevalidated(reply.code(404), 'index.html');
    const origin = app.publicUrls.origin(tenant);
    if (new URL(origin).hostname !== parseHostHeader(request.host)?.name) {
      const target = new URL(request.url, `${origin}/`); // an absolute-form request line keeps only its path
      return reply.redirect(`${origin}${target.pathname}${target.search}`, 308);
    }
    const [html, bootstrap] = await Promise.all([
      readFile(join(distDir, 'index.html'), 'utf8'),
      bootstrapFiles(bundles),
    ]);
    const language = pageLanguage(
      tenant.config,
      request.headers.cookie,
      (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM],
    );
    const resolved = resolveTenantConfig(tenant.config, origin);
    const page = await storePage(firstScreens, request, { html, resolved, origin, language, bootstrap });
    const etag = contentEtag(page);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page);
  };

  app.get('/', { schema: PAGE_SCHEMA }, sendPage);
  app.get('/*', { schema: PAGE_SCHEMA }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (ROOT_FILE.test(path) && existsSync(join(distDir, path))) return sendRevalidated(reply, path.slice(1));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || API_PREFIXES.some((p) => path.startsWith(p)) || /\.[a-z0-9]{1,8}$/i.test(path)) {
      throw notFound(`No route for GET ${path}.`);
    }
    return sendPage(request, reply);
  });
};

/**
 * A store's page: its first screen drawn by the server (./server-render.ts), else (no server bundle, or the
 * drawing failed) the page the browser draws itself, with preload hints. Both carry the configuration.
 */
async function storePage(
  firstScreens: ReturnType<typeof createFirstScreenRenderer>,
  request: FastifyRequest,
  page: {
    html: string;
    resolved: ReturnType<typeof resolveTenantConfig>;
    origin: string;
    language: Language;
    bootstrap: Awaited<ReturnType<typeof bootstrapFiles>>;
  },
): Promise<string> {
  const { html, resolved, origin, language, bootstrap } = page;
  const answer = ok(resolved);
  try {
    // The configuration as the portal reads it from the page (the same contract), so both draw alike.
    const config = tenantConfig.parse(resolved);
    const screen = await firstScreens.draw({ url: `${origin}${request.url}`, config, language, bootstrap });
    if (screen) return pageWithFirstScreen(html, screen, config.tenantName, tenantConfigBlock(answer));
  } catch (error) {
    request.log.error({ err: error }, 'The first screen could not be drawn: the page is sent without it');
  }
  return embedTenantConfig(html, answer, firstScreenHints(language, bootstrap));
}
