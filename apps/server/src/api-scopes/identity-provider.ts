import type { FastifyInstance } from 'fastify';
import { identityRoutes, useOktaRequests } from '../modules/identity/routes.ts';
import { registrationRoutes } from '../modules/provisioning/registration/routes.ts';
import { provisioningRoutes } from '../modules/provisioning/routes.ts';

/**
 * The embedded Okta-compatible identity provider (`--services=idp`), one scope: Okta's request and error
 * shape (its JSON and form parsers, Okta error bodies) → the identity routes (OIDC, sessions, the
 * Authentication API, the sign-in form, my account) → Okta's Users API → self-registration on the sign-in
 * page.
 */
export async function identityProvider(app: FastifyInstance): Promise<void> {
  useOktaRequests(app);
  await app.register(identityRoutes);
  await app.register(provisioningRoutes);
  await app.register(registrationRoutes);
}
