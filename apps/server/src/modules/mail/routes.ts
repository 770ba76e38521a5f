import {
  DEV_MAIL_PATH,
  devMailDeleted,
  devMailList,
  devMailMessage,
  devMailQuery,
} from '@trackwell/contracts';
import {
  deleteAllMailMessages,
  deleteMailMessage,
  getMailMessage,
  listMailMessages,
  type MailMessage,
} from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { restrictDevMailAccess } from './inbox-access.ts';
import { devMailPage, MESSAGE_HTML_CSP } from './page.ts';

/**
 * The local mail sink's inbox, for people and tests reading codes and links: JSON under
 * `/_dev/mail/messages` (list, one, its HTML, delete one, delete all) and the web page at `/_dev/mail`
 * (page.ts). Registered only when the sink is the transport (no SMTP_URL): a production relay has no inbox.
 * Only loopback clients may read it unless DEV_MAIL_ACCESS=any (inbox-access.ts).
 */

const present = (m: MailMessage) => ({
  id: m.id,
  messageId: m.messageId,
  from: m.from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers,
  receivedAt: new Date(m.receivedAt).toISOString(),
});

export const messageIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

type MailApp = Parameters<FastifyPluginAsyncZod>[0];

export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  restrictDevMailAccess(app, app.env.DEV_MAIL_ACCESS);
  inboxRoutes(app);
  messageRoutes(app);
  await app.register(devMailPage);
};

/** The inbox: list (filtered by recipient and text) and empty. */
function inboxRoutes(app: MailApp) {
  app.get(
    DEV_MAIL_PATH,
    {
      schema: {
        tags: ['mail'],
        summary: 'Messages received by the local mail sink (newest first, at most 50)',
        querystring: devMailQuery,
        response: { 200: devMailList },
      },
    },
    async (request, reply) => {
      const messages = await listMailMessages(app.db, { to: request.query.to, q: request.query.q });
      return reply.header('cache-control', 'no-store').send({ messages: messages.map(present) });
    },
  );

  app.delete(
    DEV_MAIL_PATH,
    {
      schema: {
        tags: ['mail'],
        summary: 'Delete every message of the local mail sink',
        response: { 200: devMailDeleted },
      },
    },
    async () => ({ deleted: await deleteAllMailMessages(app.db) }),
  );
}

/** One message: read, delete, its HTML. */
function messageRoutes(app: MailApp) {
  app.get(
    `${DEV_MAIL_PATH}/:id`,
    {
      schema: {
        tags: ['mail'],
        summary: 'One message of the local mail sink, with every header',
        params: messageIdParams,
        response: { 200: devMailMessage },
      },
    },
    async (request, reply) => {
      const message = await getMailMessage(app.db, request.params.id);
      if (!message) throw notFound('No such message.');
      return reply.header('cache-control', 'no-store').send(present(message));
    },
  );

  app.delete(
    `${DEV_MAIL_PATH}/:id`,
    {
      schema: {
        tags: ['mail'],
        summary: 'Delete one message of the local mail sink',
        params: messageIdParams,
        response: { 200: devMailDeleted },
      },
    },
    async (request) => {
      if (!(await deleteMailMessage(app.db, request.params.id))) throw notFound('No such message.');
      return { deleted: 1 };
    },
  );

  // The message's HTML as it arrived, for the inbox page's <iframe sandbox>. The CSP `sandbox` directive
  // gives it an opaque origin without scripts even when opened directly: it can read nothing of this site.
  app.get(
    `${DEV_MAIL_PATH}/:id/html`,
    { schema: { tags: ['mail'], summary: "One message's HTML body (sandboxed)", params: messageIdParams } },
    async (request, reply) => {
      const message = await getMailMessage(app.db, request.params.id);
      if (!message) throw notFound('No such message.');
      if (message.html === null) throw notFound('This message has no HTML body.');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', MESSAGE_HTML_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(message.html);
    },
  );
}
