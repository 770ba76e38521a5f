import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * What the Okta wings (authn, sessions, MyAccount) share in their routes: the frame of a route's schema (the
 * wing's tag and error answers, then the route's own parts) and the empty answer.
 */

/** A schema frame for one wing: `schema(summary, parts)` with the wing's tag, extras and error answers. */
export const oktaSchemaFrame =
  <Errors extends object, Extra extends object = object>(tag: string, errors: Errors, extra?: Extra) =>
  <Parts extends { response?: object }>(summary: string, parts: Parts) => ({
    tags: [tag],
    summary,
    ...(extra as Extra),
    ...parts,
    response: { ...errors, ...(parts.response as Parts['response']) } as Errors &
      NonNullable<Parts['response']>,
  });

/** A response given as HTML: the identity provider's own pages, its redirects and the provider's pages. */
export const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

export const NO_CONTENT = z.null().meta({ description: 'Done; no body and no content type.' });

/** 204 with no body and no content type (okta-auth-js reads no body then), never cached. */
export const noContent = (reply: FastifyReply) =>
  reply.code(204).header('cache-control', 'no-store').removeHeader('content-type').send();
