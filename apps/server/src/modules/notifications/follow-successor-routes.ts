import { FOLLOW_SUCCESSOR_PATH } from '@trackwell/contracts';
import { findNotificationRecipient, findSuccession, followSuccessorByLink, type Tenant } from '@trackwell/db';
import {
  brandingFromTenant,
  renderSuccessorPage,
  resolveEmailLanguage,
  type SuccessorPageState,
} from '@trackwell/email';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyFollowSuccessorToken } from './follow-successor-token.ts';

type NotificationsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The change e-mail's "Track <new> instead" (issue 16 §3), as the unsubscribe does: GET shows a confirm
 * page and changes nothing (link scanners follow GETs), POST (its button) moves the tracking, once: a
 * second POST says it is already done. A forged, expired or other store's token, or an event with no
 * replacement, gets the "invalid link" page (400), never an error.
 */

const followQuery = z.object({
  e: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).catch(0),
  t: z.string().max(300).catch(''),
});
type FollowQuery = z.infer<typeof followQuery>;

/** The reader of the link and its replacement (both undefined when the link is not valid here), and its page. */
async function followPage(app: FastifyInstance, tenant: Tenant, query: FollowQuery) {
  const userId = query.e
    ? verifyFollowSuccessorToken(app.env.NOTIFICATIONS_SECRET, tenant.id, query.e, query.t)
    : undefined;
  const user = userId ? await findNotificationRecipient(app.db, tenant.id, userId) : undefined;
  const succession = user ? await findSuccession(app.db, tenant.id, query.e) : undefined;
  const origin = app.publicUrls.origin(tenant);
  const language = resolveEmailLanguage(user?.locale, tenant.config.ui);
  const render = (state: SuccessorPageState) =>
    renderSuccessorPage({
      language,
      branding: brandingFromTenant(tenant, origin),
      state,
      succession,
      action: `${FOLLOW_SUCCESSOR_PATH}?e=${query.e}&t=${encodeURIComponent(query.t)}`,
      trackerUrl: new URL('/', origin).toString(),
      themeStylesheetUrl: tenant.config.ui.themeStylesheetUrl,
    });
  return { user: succession ? user : undefined, render };
}

export function registerFollowSuccessorRoutes(app: NotificationsApp) {
  app.get(
    FOLLOW_SUCCESSOR_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Confirm page of "Track the successor instead" (changes nothing)',
        querystring: followQuery,
      },
    },
    async (request, reply) => {
      const tenant = await app.requireTenant(request);
      const { user, render } = await followPage(app, tenant, request.query);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      if (!user) return reply.code(400).send(render('invalid'));
      return reply.send(render('confirm'));
    },
  );

  app.post(
    FOLLOW_SUCCESSOR_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'Track the successor of a replaced standard instead of it (idempotent)',
        querystring: followQuery,
      },
    },
    async (request, reply) => {
      const tenant = await app.requireTenant(request);
      const { user, render } = await followPage(app, tenant, request.query);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      if (!user) return reply.code(400).send(render('invalid'));
      const outcome = await app.db.transaction((tx) =>
        followSuccessorByLink(tx, tenant.id, request.query.e, user.id),
      );
      if (outcome === 'none') return reply.code(400).send(render('invalid'));
      return reply.send(render(outcome === 'followed' ? 'done' : 'already'));
    },
  );
}
