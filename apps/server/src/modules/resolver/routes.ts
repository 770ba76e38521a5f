import {
  DEFAULT_RESOLVER_APPLICATION_URL,
  ok,
  RESOLVER_PATHS,
  resolverQuery,
  resolverResponse,
} from '@trackwell/contracts';
import { type CatalogueStandard, findStandard, type Tenant } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { assertOwnUserId } from '../auth/plugin.ts';

/**
 * Fills a tenant's application-URL template. Every value is URL-encoded, and the template itself was
 * validated as a safe URL when the tenant was written, so the answer cannot become a javascript: link.
 */
export function applicationUrl(tenant: Tenant, standard: CatalogueStandard, origin: string): string {
  const template = tenant.config.resolverApplicationUrl ?? DEFAULT_RESOLVER_APPLICATION_URL;
  const values: Record<string, string> = {
    contentCode: standard.contentCode,
    assetId: standard.assetId,
    designation: standard.designation,
    tenantCode: tenant.code,
  };
  const filled = template.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
  return filled.startsWith('/') ? `${origin}${filled}` : filled;
}

/** The platform admin's content resolver (spec §7): where a standard's title opens when the flag is on. */
export const resolverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    RESOLVER_PATHS.resolve,
    {
      schema: {
        tags: ['resolver'],
        summary: "The application URL of a standard (the store's resolver)",
        description:
          "Fills the store's `resolverApplicationUrl` template (default `/store/app/standards/{contentCode}`). " +
          '`tenantId` is the store id or code and must be the store of the host; unknown content → 404.',
        security: BEARER_SECURITY,
        querystring: resolverQuery,
        response: {
          200: resolverResponse,
          400: errorResponses[400],
          401: errorResponses[401],
          403: errorResponses[403],
          404: errorResponses[404],
          429: errorResponses[429],
        },
      },
    },
    async (request) => {
      const user = assertOwnUserId(request, request.query.userId);
      const { tenantId, contentCode } = request.query;
      if (tenantId !== user.tenant.id && tenantId !== user.tenant.code) {
        throw forbidden('tenantId is not the store of this host.');
      }
      const standard = await findStandard(app.db, user.tenantId, { contentCode });
      if (!standard) throw notFound(`This store has no content with code ${contentCode}.`);
      return ok({
        applicationURL: applicationUrl(user.tenant, standard, app.publicUrls.origin(user.tenant)),
      });
    },
  );
};
