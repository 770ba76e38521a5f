import { findStandard, listStandardCitations, standardForecast } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderNotFoundPage, renderStandardPage, STORE_CSS } from './page.ts';

const assetId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'must be a store asset id');
const PAGE_CACHE_CONTROL = 'public, max-age=300';

/**
 * The demo store (spec §2 "a public page for the asset"): how a real store sends users to the tracker.
 * Public pages, no token: tenant = host, as everywhere.
 */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store/standards/:assetId.html',
    {
      schema: {
        tags: ['store'],
        summary: "A standard's public store page (HTML)",
        description:
          'publicURL + assetId + ".html" (spec §2), with a "Track this standard" link to the portal.',
        params: z.object({ assetId }),
      },
    },
    async (request, reply) => {
      const tenant = await app.requireTenant(request);
      const standard = await findStandard(app.db, tenant.id, { assetId: request.params.assetId });
      reply.type('text/html; charset=utf-8');
      if (!standard) return reply.code(404).send(renderNotFoundPage(tenant, request.params.assetId));
      const [forecast, citations] = await Promise.all([
        standardForecast(app.db, tenant.id, standard.assetId),
        listStandardCitations(app.db, tenant.id, standard.id),
      ]);
      return reply
        .header('cache-control', PAGE_CACHE_CONTROL)
        .send(renderStandardPage(tenant, standard, { forecast, citations }));
    },
  );

  app.get(
    '/store/app/standards/:contentCode',
    {
      schema: {
        tags: ['store'],
        summary: "The demo store's application page of a content code (the resolver's default target)",
        params: z.object({ contentCode: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const tenant = await app.requireTenant(request);
      const standard = await findStandard(app.db, tenant.id, { contentCode: request.params.contentCode });
      if (!standard) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(renderNotFoundPage(tenant, request.params.contentCode));
      }
      return reply.redirect(`/store/standards/${encodeURIComponent(standard.assetId)}.html`, 302);
    },
  );

  app.get('/store/assets/store.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STORE_CSS),
  );
};
