import { errorEnvelope } from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The error answers every authenticated API route documents (the shared handler makes them all with
 * `errorEnvelope`), and the security requirement that puts the bearer token in the OpenAPI document.
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

/** The app as the tracker's route files see it: Zod schemas typed through. */
export type TrackerApp = Parameters<FastifyPluginAsyncZod>[0];
