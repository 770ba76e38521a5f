import {
  EMAIL_LOGO,
  EMAIL_LOGO_MAX_PIXELS,
  errorEnvelope,
  getTenantConfigurationBody,
  getTenantConfigurationResponse,
  ok,
  TENANT_CONFIG_PATH,
  tenantCode,
} from '@trackwell/contracts';
import { findTenantByCode, getTenantAsset } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound, tenantNotFound } from '../../http/errors.ts';
import { resolveTenantConfig } from './resolve-config.ts';
import { compileThemeCss, themeEtag } from './theme-css.ts';

/** Asset names a tenant may have: a file name, no path. */
const assetName = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}\.(svg|png|jpg|webp|ico)$/);

// Browsers may reuse an asset for 5 minutes and then revalidate (cheap: ETag → 304).
const ASSET_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

// The e-mail logo PNG at a URL naming its version (`?v=`): that URL's content never changes.
const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

// An SVG opened directly is a document: it gets a CSP of its own that allows no script and no loads.
// form-action: a form in the logo (foreignObject) must not post anywhere, were one ever to slip through.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'";

type TenantsApp = Parameters<FastifyPluginAsyncZod>[0];

/** The store's configuration for the portal, its theme stylesheet, its e-mail logo and its assets. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  configurationRoute(app);
  themeStylesheetRoute(app);
  emailLogoRoute(app);
  assetRoute(app);
};

/** spec §7 "Tenant configuration": the tenant is the request's host, or `domain` in the body. */
function configurationRoute(app: TenantsApp) {
  app.post(
    TENANT_CONFIG_PATH,
    {
      schema: {
        summary: 'The tenant configuration for the portal',
        description:
          "Answers the configuration of the store the request's host belongs to (or the `domain` in the body). " +
          "Paths stored in the configuration are answered as absolute URLs on that store's canonical origin " +
          '(PUBLIC_URL_TEMPLATE with its first host), never on the Host the request named.',
        tags: ['tenants'],
        body: getTenantConfigurationBody,
        response: { 200: getTenantConfigurationResponse, 404: errorEnvelope },
      },
    },
    async (request) => {
      const domain = request.body?.domain;
      const tenant = domain ? await app.tenants.resolve(domain) : await app.tenants.ofRequest(request);
      if (!tenant) throw tenantNotFound({ email: app.env.SUPPORT_EMAIL, ...app.publicUrls.platform() });
      return ok(resolveTenantConfig(tenant.config, app.publicUrls.origin(tenant)));
    },
  );
}

/** The tenant's theme stylesheet, compiled from its theme. */
function themeStylesheetRoute(app: TenantsApp) {
  app.get(
    '/assets/:code/theme.css',
    {
      schema: {
        tags: ['tenants'],
        summary: "A tenant's theme stylesheet",
        params: z.object({ code: tenantCode }),
      },
    },
    async (request, reply) => {
      const tenant = await findTenantByCode(app.db, request.params.code);
      if (!tenant) throw notFound('No such tenant.');
      const css = compileThemeCss(tenant.theme);
      const etag = themeEtag(css);
      reply.header('cache-control', ASSET_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/css; charset=utf-8').send(css);
    },
  );
}

/**
 * The PNG of the store's logo that e-mails show (logo-png/): drawn from its logo.svg on the
 * first request, then kept. Any mail client may load it: `Cross-Origin-Resource-Policy: cross-origin` (the
 * other assets keep helmet's same-origin), cached for a year at the versioned URL e-mails use.
 */
function emailLogoRoute(app: TenantsApp) {
  app.get(
    '/assets/:code/logo.png',
    {
      schema: {
        tags: ['tenants'],
        summary: "A PNG of a tenant's logo, for e-mails",
        description:
          `At most ${EMAIL_LOGO_MAX_PIXELS.width}×${EMAIL_LOGO_MAX_PIXELS.height} px (${EMAIL_LOGO.density}× the size e-mails show). ` +
          '422 when the logo cannot be drawn (too large, refused content, or the drawing timed out).',
        params: z.object({ code: tenantCode }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const logo = await app.logoPngs.ofStore(request.params.code);
      if (!logo) throw notFound('No such tenant.');
      if ('refused' in logo)
        throw new HttpError(422, 'logo_not_renderable', `The tenant's logo has no PNG: ${logo.refused}.`);
      const etag = `"${logo.version}"`;
      reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header(
          'cache-control',
          request.query.v === logo.version ? VERSIONED_CACHE_CONTROL : ASSET_CACHE_CONTROL,
        )
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(logo.png);
    },
  );
}

/** Logos and other tenant assets, "loaded from an assets path by tenant code" (spec §2 Header). */
function assetRoute(app: TenantsApp) {
  app.get(
    '/assets/:code/:name',
    {
      schema: {
        tags: ['tenants'],
        summary: "A tenant's logo or other asset",
        params: z.object({ code: tenantCode, name: assetName }),
      },
    },
    async (request, reply) => {
      const tenant = await findTenantByCode(app.db, request.params.code);
      const asset = tenant && (await getTenantAsset(app.db, tenant.id, request.params.name));
      if (!asset) throw notFound('No such asset.');
      const etag = `"${asset.sha256.slice(0, 32)}"`;
      reply
        .header('cache-control', ASSET_CACHE_CONTROL)
        .header('etag', etag)
        .header('last-modified', asset.updatedAt.toUTCString())
        .header('x-content-type-options', 'nosniff');
      if (asset.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(asset.contentType).send(Buffer.from(asset.body));
    },
  );
}
