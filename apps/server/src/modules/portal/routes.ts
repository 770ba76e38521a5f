import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors.ts';

/**
 * Serves the built portal: hashed bundles under /app/ (cached for a year), translations under /locales/,
 * and index.html for every other page a browser navigates to (the SPA routes, including unknown ones,
 * which the portal renders as its own not-found screen). API-looking paths never fall back to HTML.
 */
const API_PREFIXES = ['/api/', '/assets/', '/config/', '/oauth2/', '/idp/', '/login/', '/docs'];

export const portalRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn(`The portal is not built (${indexHtml} is missing): run \`npm run build\`.`);
    app.get('/', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain')
        .send('The portal is not built yet: run `npm run build`, then restart.'),
    );
    return;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false, // set below: hashed bundles forever, everything else revalidated
    setHeaders(reply, path) {
      const immutable = path.startsWith(join(distDir, 'app'));
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);

  app.get('/', async (_request, reply) => sendIndex(reply));
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || API_PREFIXES.some((p) => path.startsWith(p)) || /\.[a-z0-9]{1,8}$/i.test(path)) {
      throw notFound(`No route for GET ${path}.`);
    }
    return sendIndex(reply);
  });
};
