import {
  DEFAULT_RESOLVER_APPLICATION_URL,
  ok,
  RESOLVER_PATHS,
  resolverQuery,
  resolverResponse,
} from '@trackwell/contracts';
import {
  type CatalogueStandard,
  type DatabaseHandle,
  findStandard,
  findStandardByDesignation,
  type Tenant,
} from '@trackwell/db';
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

/**
 * The standard a designation names, by the one designation rule (contracts' designation-key.ts): a
 * designation that names several standards equally well is answered like an unknown one, with their
 * designations, so the caller can ask by content code or a fuller designation.
 */
async function standardByDesignation(db: DatabaseHandle, tenantId: string, designation: string) {
  const match = await findStandardByDesignation(db, tenantId, designation);
  if (match.outcome === 'matched') return match.standard;
  if (match.outcome === 'ambiguous') {
    const named = match.candidates.map((c) => c.designation).join(', ');
    throw notFound(`${designation} names several standards of this store (${named}): ask by content code.`);
  }
  throw notFound(`This store has no standard with designation ${designation}.`);
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
          'The standard is named by `contentCode` or by `designation` (as people write it: "ISO 22337", ' +
          '"ASTM D6385-22"; exact designation first). `tenantId` is the store id or code and must be the ' +
          'store of the host; unknown content, or a designation naming several standards equally → 404.',
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
      const { tenantId, contentCode, designation } = request.query;
      if (tenantId !== user.tenant.id && tenantId !== user.tenant.code) {
        throw forbidden('tenantId is not the store of this host.');
      }
      let standard: CatalogueStandard | undefined;
      if (contentCode !== undefined) {
        standard = await findStandard(app.db, user.tenantId, { contentCode });
        if (!standard) throw notFound(`This store has no content with code ${contentCode}.`);
      } else standard = await standardByDesignation(app.db, user.tenantId, designation ?? '');
      return ok({
        applicationURL: applicationUrl(user.tenant, standard, app.publicUrls.origin(user.tenant)),
      });
    },
  );
};
