import { errorEnvelope } from '@trackwell/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY } from '../../http/api-schemas.ts';

/** The app as the console's route files see it: Zod schemas typed through. */
export type ConsoleApp = Parameters<FastifyPluginAsyncZod>[0];

/** What every console route shares in the OpenAPI reference: its tag, the bearer token, the refusals. */
export const consoleDocs = { tags: ['console'], security: BEARER_SECURITY };

export const consoleErrors = {
  400: errorEnvelope.meta({
    description: 'The request is not valid: `issues` name each field and why; nothing was written.',
  }),
  401: errorEnvelope.meta({
    description: "No bearer token of this store's issuer, or it is expired or revoked.",
  }),
  403: errorEnvelope.meta({
    description:
      'Your console role (read from the database on every call) does not allow this on this store.',
  }),
  404: errorEnvelope.meta({ description: 'No such store (said only to operators), user or key.' }),
  429: errorEnvelope.meta({ description: 'Too many calls by this user; wait a little (see retry-after).' }),
};

/** 409 of POST /stores. */
export const storeConflict = errorEnvelope.meta({
  description: 'A store with this code or host already exists: nothing was written.',
});
