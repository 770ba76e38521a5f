import { CONSOLE_PATHS, consoleMessageHtmlQuery, deliveryParams, errorEnvelope } from '@trackwell/contracts';
import { findSentDeliveryMessage, findTenantUser } from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notificationSecrets } from '../../config/secret-rotation.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { MESSAGE_HTML_HEADERS, messageHtmlDocument } from './message-html.ts';
import { signMessageViewToken, verifyMessageViewToken } from './message-view-token.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * GET …/deliveries/:deliveryId/message.html: the HTML part of a delivery's e-mail as it was
 * sent, as a page of its own that the console shows in a sandboxed frame (`<iframe sandbox src=…>`). Its own
 * URL is the point: a `srcdoc` or `blob:` document inherits the portal's CSP, which refuses the e-mail's
 * inline styles and its images; this answer carries a CSP of its own (message-html.ts).
 *
 * Authorised like every console route (`deliveries.read`, the store's scoping, 404 for another store's
 * delivery). A frame cannot send the bearer token, so the message route's answer (`htmlUrl`) carries a
 * signed `view` token (message-view-token.ts) naming the caller, the store and the delivery for ten minutes:
 * it stands in for the bearer token only (authentication), the roles are still read from the database here.
 */

const messageHtmlDescription =
  'The `htmlUrl` of GET …/message carries `view`, which stands in for the bearer token on this route ' +
  '(a frame cannot send one): it names the caller, the store and the delivery, and expires after ten ' +
  'minutes; the caller’s console roles are still checked. The page has its own CSP (no script; the ' +
  'e-mail’s inline styles, and images and fonts from anywhere) and may be framed by the same origin only.';

/** The stored MIME message of the route's delivery in the route's store, or 404. */
export async function keptMessage(app: FastifyInstance, request: FastifyRequest, deliveryId: string) {
  const found = await findSentDeliveryMessage(app.db, consoleStore(request).id, deliveryId);
  if (!found) throw notFound('This store has no such delivery.');
  if (found.mime === null)
    throw notFound('This delivery has no stored e-mail (not sent yet, or sent before it was kept).');
  return { ...found, mime: found.mime };
}

/** The message.html URL of a delivery, signed for the caller, and when it stops working. */
export function messageHtmlLink(app: FastifyInstance, request: FastifyRequest, deliveryId: string) {
  const { user } = consoleCaller(request);
  const storeCode = consoleStore(request).code;
  const { token, expiresAt } = signMessageViewToken(
    app.env.NOTIFICATIONS_SECRET,
    { hostTenantId: user.tenantId, storeCode, deliveryId },
    user.id,
  );
  const path = CONSOLE_PATHS.storeDeliveryMessageHtml
    .replace(':code', encodeURIComponent(storeCode))
    .replace(':deliveryId', encodeURIComponent(deliveryId));
  return { htmlUrl: `${path}?view=${encodeURIComponent(token)}`, htmlUrlExpiresAt: expiresAt.toISOString() };
}

const stringOf = (value: unknown, name: string) => {
  const v = (value as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * onRequest, on a route whose config has `consoleViewToken`: without an Authorization header, a `view`
 * token valid for this host, store and delivery signs its user in (as the bearer token would: a user of
 * the host's tenant, not signed out or deactivated since the token was made). True when it did; false
 * leaves the request to the bearer token check. A `view` that is not valid is 401.
 */
export async function authenticateByViewToken(app: FastifyInstance, request: FastifyRequest) {
  if (!request.routeOptions.config.consoleViewToken || request.headers.authorization) return false;
  const token = stringOf(request.query, 'view');
  if (token === undefined) return false;
  const tenant = await app.requireTenant(request);
  const storeCode = stringOf(request.params, 'code') ?? '';
  const deliveryId = stringOf(request.params, 'deliveryId') ?? '';
  const refused = () =>
    unauthorized('This link to the e-mail is not valid or has expired: open the e-mail again.');
  const scope = { hostTenantId: tenant.id, storeCode, deliveryId };
  const verified = verifyMessageViewToken(notificationSecrets(app.env), scope, token);
  if (!verified) throw refused();
  const user = await findTenantUser(app.db, tenant.id, verified.userId);
  if (!user || app.revocations.isRevoked(tenant.id, { userId: user.id, iat: verified.issuedAt }))
    throw refused();
  request.user = { id: user.id, login: user.login, tenantId: tenant.id, tenant };
  return true;
}

export function registerMessageHtmlRoute(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeDeliveryMessageHtml,
    {
      config: { consoleAction: 'deliveries.read', consoleViewToken: true },
      schema: {
        ...consoleDocs,
        summary: 'One delivery’s e-mail as it was sent: its HTML part as a page (for a sandboxed frame)',
        description: messageHtmlDescription,
        params: deliveryParams,
        querystring: consoleMessageHtmlQuery,
        produces: ['text/html'],
        response: {
          200: {
            description:
              'The HTML part (its cid: images as data: URIs), or the text part in a <pre> when it has none.',
            content: { 'text/html': { schema: z.string() } },
          },
          ...consoleErrors,
          404: errorEnvelope.meta({
            description: 'No such store (said only to operators), no such delivery, or no stored e-mail.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { mime } = await keptMessage(app, request, request.params.deliveryId);
      const html = await messageHtmlDocument(mime);
      // The console scope's API headers forbid framing (X-Frame-Options: DENY); this page's CSP says who may.
      reply.removeHeader('x-frame-options');
      return reply.headers(MESSAGE_HTML_HEADERS).send(html);
    },
  );
}
