import { LIST_RECIPIENT_UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import { findListRecipientPage, type Tenant, unsubscribeListRecipient } from '@trackwell/db';
import { brandingFromTenant, renderListUnsubscribePage, resolveEmailLanguage } from '@trackwell/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSecrets } from '../../config/secret-rotation.ts';
import { verifyListRecipientToken } from './list-recipient-token.ts';
import { registerSignedLinkPage } from './signed-link-routes.ts';

type NotificationsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * An organisation list's outside recipient's one-click unsubscribe (RFC 8058): GET shows a page naming the
 * address, the list and the organisation, and changes nothing (link scanners follow GETs); POST (the page's
 * button, or the mail client's one-click) unsubscribes at once, once: the address gets nothing more from
 * that list, and the list's page shows it unsubscribed. In the store's language (the address has no account).
 */
const query = z.object({ t: z.string().max(300).default('') });

export function registerListUnsubscribeRoutes(app: NotificationsApp) {
  registerSignedLinkPage(app, {
    path: LIST_RECIPIENT_UNSUBSCRIBE_PATH,
    querystring: query,
    summaries: {
      confirm: 'An organisation list’s outside recipient: unsubscribe page (changes nothing)',
      act: 'An organisation list’s outside recipient: one-click unsubscribe (RFC 8058)',
    },
    read: async (tenant: Tenant, q) => {
      const id = verifyListRecipientToken(notificationSecrets(app.env), tenant.id, q.t);
      const found = id ? await findListRecipientPage(app.db, tenant.id, id) : undefined;
      const language = resolveEmailLanguage(undefined, tenant.config.ui);
      const render = (state: 'confirm' | 'done' | 'invalid') =>
        renderListUnsubscribePage({
          language,
          branding: brandingFromTenant(tenant, app.publicUrls.origin(tenant)),
          state,
          action: `${LIST_RECIPIENT_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(q.t)}`,
          recipient: found
            ? { email: found.email, list: found.listName, organisation: found.organisationName }
            : undefined,
          themeStylesheetUrl: tenant.config.ui.themeStylesheetUrl,
        });
      return { reader: found && id ? { id } : undefined, render };
    },
    act: async (tenant, _q, reader) => {
      await unsubscribeListRecipient(app.db, tenant.id, reader.id);
      return 'done';
    },
  });
}
