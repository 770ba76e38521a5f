import { DEV_MAIL_PATH, devMailList, devMailMessage, devMailQuery } from '@trackwell/contracts';
import { getMailMessage, listMailMessages, type MailMessage } from '@trackwell/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';

/**
 * The local mail sink's inbox as JSON, for people and tests reading codes and links. Registered only when
 * the sink is the transport (no SMTP_URL): a production relay has no inbox here.
 */

const present = (m: MailMessage) => ({
  id: m.id,
  messageId: m.messageId,
  from: m.from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  receivedAt: new Date(m.receivedAt).toISOString(),
});

export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DEV_MAIL_PATH,
    {
      schema: {
        tags: ['mail'],
        summary: 'Messages received by the local mail sink (newest first)',
        querystring: devMailQuery,
        response: { 200: devMailList },
      },
    },
    async (request, reply) => {
      const messages = await listMailMessages(app.db, { to: request.query.to, q: request.query.q });
      return reply.header('cache-control', 'no-store').send({ messages: messages.map(present) });
    },
  );

  app.get(
    `${DEV_MAIL_PATH}/:id`,
    {
      schema: {
        tags: ['mail'],
        summary: 'One message of the local mail sink',
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: devMailMessage },
      },
    },
    async (request, reply) => {
      const message = await getMailMessage(app.db, request.params.id);
      if (!message) throw notFound('No such message.');
      return reply.header('cache-control', 'no-store').send(present(message));
    },
  );
};
