import { FOLLOW_SUCCESSOR_PATH } from '@trackwell/contracts';
import { findNotificationRecipient, findSuccession, type Tenant } from '@trackwell/db';
import {
  brandingFromTenant,
  renderSuccessorPage,
  resolveEmailLanguage,
  type SuccessorPageState,
} from '@trackwell/email';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSecrets } from '../../config/secret-rotation.ts';
import { followSuccessorFromEmail } from './follow-successor-command.ts';
import { verifyFollowSuccessorToken } from './follow-successor-token.ts';
import { registerSignedLinkPage } from './signed-link-routes.ts';

type NotificationsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The change e-mail's "Track <new> instead", as the unsubscribe does: GET shows a confirm
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
    ? verifyFollowSuccessorToken(notificationSecrets(app.env), tenant.id, query.e, query.t)
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
  registerSignedLinkPage(app, {
    path: FOLLOW_SUCCESSOR_PATH,
    querystring: followQuery,
    summaries: {
      confirm: 'Confirm page of "Track the successor instead" (changes nothing)',
      act: 'Track the successor of a replaced standard instead of it (idempotent)',
    },
    read: async (tenant, query) => {
      const { user, render } = await followPage(app, tenant, query);
      return { reader: user, render };
    },
    act: async (tenant, query, user) => {
      const outcome = await followSuccessorFromEmail(app.db, tenant.id, query.e, user.id);
      if (outcome === 'none') return 'invalid';
      return outcome === 'followed' ? 'done' : 'already';
    },
  });
}
