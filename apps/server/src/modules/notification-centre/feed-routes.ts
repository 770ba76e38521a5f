import {
  errorEnvelope,
  NOTIFICATION_CENTRE_PATHS,
  NOTIFICATION_PAGE_SIZE_MAX,
  notificationFeedParams,
} from '@trackwell/contracts';
import {
  findNotificationFeedIssuedAt,
  findNotificationRecipient,
  listUserNotifications,
  type Tenant,
} from '@trackwell/db';
import { resolveEmailLanguage } from '@trackwell/email';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSecrets } from '../../config/secret-rotation.ts';
import { notFound } from '../../http/errors.ts';
import { renderAtomFeed } from './atom-feed.ts';
import { readFeedToken } from './feed-token.ts';

/**
 * The private Atom feed at its secret URL on the store's host: no bearer token (feed readers
 * have none), the signed token in the path is the credential. A token of another store, of another issue
 * (the user reset the URL), forged or malformed is 404, the same answer as a feed that never existed.
 */

/** The reader the token names, when it is genuine for this store and still the user's current one. */
async function feedReader(app: FastifyInstance, tenant: Tenant, token: string) {
  const read = readFeedToken(notificationSecrets(app.env), tenant.id, token);
  if (!read) return undefined;
  const issuedAt = await findNotificationFeedIssuedAt(app.db, tenant.id, read.userId);
  if (issuedAt !== read.issuedAt) return undefined;
  return findNotificationRecipient(app.db, tenant.id, read.userId);
}

export const notificationFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    NOTIFICATION_CENTRE_PATHS.atom,
    {
      schema: {
        tags: ['notification-centre'],
        summary: "A user's private Atom feed of their notifications (the secret URL is the credential)",
        params: notificationFeedParams,
        response: {
          200: {
            description: 'The Atom 1.0 feed: the same items as the notification centre, newest first.',
            content: { 'application/atom+xml': { schema: z.string() } },
          },
          404: errorEnvelope.meta({
            description: 'No such feed: unknown, reset, forged or of another store.',
          }),
        },
      },
    },
    async (request, reply) => {
      const tenant = await app.requireTenant(request);
      const { token } = request.params;
      const reader = await feedReader(app, tenant, token);
      if (!reader) throw notFound('No such feed.');
      const notifications = await listUserNotifications(app.db, tenant.id, reader.id, {
        limit: NOTIFICATION_PAGE_SIZE_MAX - 1,
      });
      const origin = app.publicUrls.origin(tenant);
      const xml = await renderAtomFeed({
        language: resolveEmailLanguage(reader.locale, tenant.config.ui),
        storeName: tenant.config.tenantName,
        origin,
        publicURL: tenant.config.publicURL,
        selfUrl: `${origin}${NOTIFICATION_CENTRE_PATHS.atom.replace(':token', token)}`,
        notifications,
      });
      return reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex')
        .send(xml);
    },
  );
};
