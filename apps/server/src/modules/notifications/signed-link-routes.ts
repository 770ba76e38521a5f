import type { Tenant } from '@trackwell/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type NotificationsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * An e-mail's signed link that acts (unsubscribe, "Track <new> instead"): GET shows a confirm page and
 * changes nothing (link scanners follow GETs); POST (the page's button, or a mail client's one-click) acts.
 * A link that is not valid here (forged, expired, another store's) gets the "invalid link" page, 400.
 * Pages are HTML in the reader's language, never cached, sent with no referrer.
 */
export interface SignedLinkPage<Query, Reader, Done extends string> {
  path: string;
  querystring: z.ZodType<Query>;
  summaries: { confirm: string; act: string };
  /** The link's reader (undefined when it is not valid here) and its page in each state. */
  read(
    tenant: Tenant,
    query: Query,
  ): Promise<{ reader: Reader | undefined; render(state: 'confirm' | 'invalid' | Done): string }>;
  /** What POST does for the reader; 'invalid' when there is nothing (any more) to do it to. */
  act(tenant: Tenant, query: Query, reader: Reader): Promise<Done | 'invalid'>;
}

export function registerSignedLinkPage<Query, Reader, Done extends string>(
  app: NotificationsApp,
  page: SignedLinkPage<Query, Reader, Done>,
) {
  const schema = (summary: string) => ({
    schema: { tags: ['notifications'], summary, querystring: page.querystring },
  });
  const answer = (act: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const tenant = await app.requireTenant(request);
    const query = request.query as Query;
    const { reader, render } = await page.read(tenant, query);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    if (reader === undefined) return reply.code(400).send(render('invalid'));
    if (!act) return reply.send(render('confirm'));
    const state = await page.act(tenant, query, reader);
    return reply.code(state === 'invalid' ? 400 : 200).send(render(state));
  };
  app.get(page.path, schema(page.summaries.confirm), answer(false));
  app.post(page.path, schema(page.summaries.act), answer(true));
}
