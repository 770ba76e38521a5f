import {
  APPLICATION_CODES,
  CATALOG_CHANGES_PATH,
  catalogChangesRequest,
  catalogChangesResponse,
  deliveriesQuery,
  deliveriesResponse,
  NOTIFICATION_DELIVERIES_PATH,
  UNSUBSCRIBE_PATH,
} from '@trackwell/contracts';
import {
  catalogPublisherClientExists,
  findCatalogApiKeyTenant,
  findNotificationRecipient,
  listNotificationDeliveries,
  type Tenant,
  unsubscribeUser,
} from '@trackwell/db';
import { brandingFromTenant, renderUnsubscribePage, resolveEmailLanguage } from '@trackwell/email';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { resolveIssuer } from '../auth/plugin.ts';
import { createPublisherTokenVerifier, looksLikeJwt, PublisherTokenError } from './publisher-token.ts';
import type { NotificationService } from './service.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * Change notifications over HTTP:
 * - the publisher's change feed (POST /api/catalog/v1/changes) and the delivery log, both authenticated
 *   by the tenant's publisher API key (`Authorization: Bearer <key>` or `X-Api-Key: <key>`) or by a
 *   client-credentials access token of the tenant's issuer (`Authorization: Bearer <token>`, scope
 *   `catalog.changes`) on the tenant's own host: a credential of another tenant is refused (403 for a key,
 *   401 for a token) and nothing is applied;
 * - the e-mail's one-click unsubscribe: GET shows a confirmation page and changes nothing (link scanners
 *   follow GETs), POST (the button, or a mail client's RFC 8058 one-click) unsubscribes at once.
 */

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

const apiKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = request.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
};

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tenantOf = (request: FastifyRequest): Promise<Tenant> => app.requireTenant(request);

  const publisherTokens = createPublisherTokenVerifier();

  /**
   * authenticate → authorize, for either credential:
   * - an API key (`twc_…`): its tenant must be this host's tenant (else 403);
   * - a client-credentials access token (a JWT): issued by this host's tenant issuer (else 401), to a
   *   publisher client that still exists in this tenant (else 401), with scope catalog.changes (else 403).
   */
  const publisherTenant = async (request: FastifyRequest): Promise<Tenant> => {
    const key = apiKeyOf(request);
    if (!key)
      throw unauthorized(
        'A publisher API key or access token is required (Authorization: Bearer <key or token>, or X-Api-Key).',
      );
    if (looksLikeJwt(key)) {
      const tenant = await tenantOf(request);
      const issuer = resolveIssuer(tenant.config['issuer-uri'], app.publicUrls.origin(tenant));
      let claims: Awaited<ReturnType<typeof publisherTokens.verify>>;
      try {
        claims = await publisherTokens.verify(key, issuer);
      } catch (error) {
        if (!(error instanceof PublisherTokenError)) throw error;
        throw error.status === 401 ? unauthorized(error.message) : forbidden(error.message);
      }
      if (!(await catalogPublisherClientExists(app.db, tenant.id, claims.clientId)))
        throw unauthorized('The publisher client of this access token no longer exists in this store.');
      return tenant;
    }
    const keyTenant = await findCatalogApiKeyTenant(app.db, key);
    if (!keyTenant) throw unauthorized('This publisher API key is not valid.');
    const tenant = await tenantOf(request);
    if (tenant.id !== keyTenant) throw forbidden('This API key belongs to another store.');
    return tenant;
  };

  // authenticate → authorize in onRequest, before the body is parsed and validated: an anonymous caller
  // learns nothing of the API (issue 11 §3), whatever it sends.
  const publisherTenants = new WeakMap<FastifyRequest, Tenant>();
  const authenticatePublisher = async (request: FastifyRequest) => {
    publisherTenants.set(request, await publisherTenant(request));
  };
  const authenticatedPublisher = (request: FastifyRequest): Tenant => {
    const tenant = publisherTenants.get(request);
    if (!tenant) throw unauthorized();
    return tenant;
  };

  app.post(
    CATALOG_CHANGES_PATH,
    {
      onRequest: authenticatePublisher,
      schema: {
        tags: ['catalog'],
        summary: 'Apply a batch of catalogue change events (publisher API)',
        description:
          'Idempotent by event id: a repeated id is reported as `duplicate` and applied once. An event about an ' +
          'unknown standard, work item or committee is `rejected` with a stable error id; the others still apply.',
        body: catalogChangesRequest,
        response: { 200: catalogChangesResponse },
      },
    },
    async (request) => {
      const tenant = authenticatedPublisher(request);
      const results = await app.notifications.publish(tenant.id, request.body.events, 'api');
      const count = (o: string) => results.filter((r) => r.outcome === o).length;
      return {
        status: '200' as const,
        applied: count('applied'),
        duplicates: count('duplicate'),
        rejected: count('rejected'),
        results,
      };
    },
  );

  app.get(
    NOTIFICATION_DELIVERIES_PATH,
    {
      onRequest: authenticatePublisher,
      schema: {
        tags: ['catalog'],
        summary: 'The notification delivery log, per user or per event (publisher API key)',
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse },
      },
    },
    async (request) => {
      const tenant = authenticatedPublisher(request);
      const deliveries = await listNotificationDeliveries(app.db, tenant.id, {
        userId: request.query.userId,
        publisherEventId: request.query.eventId,
        limit: request.query.limit,
      });
      return { deliveries };
    },
  );

  // --- one-click unsubscribe ---------------------------------------------------------------------------
  // RFC 8058 clients POST `List-Unsubscribe=One-Click` as form data; the body carries nothing we need
  // (the signed token is in the URL), so any body is accepted here and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  const unsubscribeQuery = z.object({ t: z.string().max(300).default('') });

  const page = async (tenant: Tenant, token: string) => {
    const userId = verifyUnsubscribeToken(app.env.NOTIFICATIONS_SECRET, tenant.id, token);
    const user = userId ? await findNotificationRecipient(app.db, tenant.id, userId) : undefined;
    const origin = app.publicUrls.origin(tenant);
    const language = resolveEmailLanguage(user?.locale, tenant.config.ui);
    const render = (state: 'confirm' | 'done' | 'invalid') =>
      renderUnsubscribePage({
        language,
        branding: brandingFromTenant(tenant, origin),
        state,
        action: `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`,
        themeStylesheetUrl: tenant.config.ui.themeStylesheetUrl,
      });
    return { user, render };
  };

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unsubscribe confirmation page (changes nothing)',
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const tenant = await tenantOf(request);
      const { user, render } = await page(tenant, request.query.t);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      if (!user) return reply.code(400).send(render('invalid'));
      return reply.send(render('confirm'));
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): unsubscribes at once',
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const tenant = await tenantOf(request);
      const { user, render } = await page(tenant, request.query.t);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!user) return reply.code(400).send(render('invalid'));
      // spec §4/§9 Unsubscribe: the tracker page's effect, for the same application codes (APPLICATION_CODES:
      // TRACKER, COMPASS, SB, PUB; sources cleared,
      // the unsubscribe recorded, so the matching skips the user from now on).
      await app.db.transaction((tx) => unsubscribeUser(tx, tenant.id, user.id, APPLICATION_CODES));
      return reply.send(render('done'));
    },
  );
};
