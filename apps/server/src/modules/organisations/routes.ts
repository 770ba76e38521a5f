import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEvidenceRoutes } from './evidence-routes.ts';
import { registerInvitationLinkRoutes, registerInvitationRoutes } from './invitation-routes.ts';
import { registerListRoutes } from './list-routes.ts';
import { registerOrganisationRoutes } from './organisation-routes.ts';
import { registerRecipientRoutes } from './recipient-routes.ts';
import { registerReviewRoutes } from './review-routes.ts';

/** The organisations API for signed-in users (the enclosing scope checks the bearer token). */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOrganisationRoutes(app);
  registerInvitationRoutes(app);
  registerListRoutes(app);
  registerEvidenceRoutes(app);
  registerRecipientRoutes(app);
  registerReviewRoutes(app);
};

/** The invitation link's calls, which carry the link's signed token instead of a bearer token. */
export const invitationLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInvitationLinkRoutes(app);
};
