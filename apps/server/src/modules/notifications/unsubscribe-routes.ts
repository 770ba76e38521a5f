import { APPLICATION_CODES, UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import { findNotificationRecipient, type Tenant } from '@trackwell/db';
import { brandingFromTenant, renderUnsubscribePage, resolveEmailLanguage } from '@trackwell/email';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSecrets } from '../../config/secret-rotation.ts';
import { unsubscribeFromTracking } from '../tracker/tracking-commands.ts';
import { registerSignedLinkPage } from './signed-link-routes.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

type NotificationsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The e-mail's one-click unsubscribe: GET shows a confirmation page and changes nothing (link scanners
 * follow GETs), POST (the button, or a mail client's RFC 8058 one-click) unsubscribes at once. The page is
 * in the reader's language and the store's look; a bad or foreign token gets the "invalid link" page (400).
 */

const unsubscribeQuery = z.object({ t: z.string().max(300).default('') });

/** The reader of a signed link (undefined when the token is not valid for this store) and its page. */
async function unsubscribePage(app: FastifyInstance, tenant: Tenant, token: string) {
  const userId = verifyUnsubscribeToken(notificationSecrets(app.env), tenant.id, token);
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
}

export function registerUnsubscribeRoutes(app: NotificationsApp) {
  registerSignedLinkPage(app, {
    path: UNSUBSCRIBE_PATH,
    querystring: unsubscribeQuery,
    summaries: {
      confirm: 'Unsubscribe confirmation page (changes nothing)',
      act: 'One-click unsubscribe (RFC 8058): unsubscribes at once',
    },
    read: async (tenant, query) => {
      const { user, render } = await unsubscribePage(app, tenant, query.t);
      return { reader: user, render };
    },
    // spec §4/§9 Unsubscribe: the tracker page's effect, for the same application codes (APPLICATION_CODES:
    // TRACKER, COMPASS, SB, PUB; sources cleared, the unsubscribe recorded, so the matching skips the user
    // from now on).
    act: async (tenant, _query, user) => {
      await unsubscribeFromTracking(app.db, { tenantId: tenant.id, id: user.id }, APPLICATION_CODES);
      return 'done';
    },
  });
}
