import { errorEnvelope } from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What the bearer-token API scopes' routes share in their schemas: the security requirement that puts the
 * bearer token in the OpenAPI document, and the error answers every authenticated route documents (the
 * shared handler makes them all with `errorEnvelope`).
 */
export const BEARER_SECURITY = [{ bearerAuth: [] }];

export const errorResponses = {
  400: errorEnvelope.meta({ description: 'The request is not valid (the issues say which field and why).' }),
  401: errorEnvelope.meta({
    description: "No bearer token, or it is expired, of another store's issuer, or for an unknown user.",
  }),
  403: errorEnvelope.meta({
    description: 'The request names another user (or another store): nothing was done.',
  }),
  404: errorEnvelope.meta({
    description: 'Some named thing does not exist for this user: nothing was done.',
  }),
  429: errorEnvelope.meta({ description: 'Too many calls by this user; wait a little (see retry-after).' }),
};

/** The app as an API scope's route files see it: Zod schemas typed through. */
export type ApiApp = Parameters<FastifyPluginAsyncZod>[0];
