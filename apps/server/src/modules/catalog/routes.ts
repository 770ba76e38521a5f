import { catalogSearchQuery, catalogSearchResponse, ok, TRACKER_PATHS } from '@trackwell/contracts';
import { searchCatalogue } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';

/** Catalogue search (beyond the spec): how a user finds a standard to track. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    TRACKER_PATHS.catalogSearch,
    {
      schema: {
        tags: ['catalog'],
        summary: "Search the store's standards",
        description:
          'Matches a designation as people write it ("ISO 22337", "iso22337:2020", "D 6385", "ASTM D6385-22", ' +
          '"DIN EN ISO 13849-1": the one designation rule of the list import, publisher API and resolver) or ' +
          'its beginning (`D638`), and title words (all must match, as prefixes, English stemming). Exact ' +
          'designation first, then the same standard (other editions, publisher words), then designations ' +
          'being typed (shortest first), then titles (the words as a phrase, title starting with the first ' +
          'word, active, shorter). `tracked` marks the standards the calling user already tracks.',
        security: BEARER_SECURITY,
        querystring: catalogSearchQuery,
        response: {
          200: catalogSearchResponse,
          400: errorResponses[400],
          401: errorResponses[401],
          429: errorResponses[429],
        },
      },
      // Called at each pause in typing: like the tracked list, its answer is built field by field from typed
      // rows (checked against the schema at compile time) and written without Zod re-validating it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { tenantId, id } = currentUser(request);
      return ok({ results: await searchCatalogue(app.db, tenantId, id, request.query) });
    },
  );
};
