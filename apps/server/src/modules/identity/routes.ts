import { purgeExpiredIdentityData } from '@trackwell/db';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pushPageRoutes } from './authn/push-page-routes.ts';
import { authnRoutes } from './authn/routes.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { myAccountRoutes } from './myaccount/routes.ts';
import { oidcRoutes } from './oidc/routes.ts';
import { oktaErrors, useOktaErrorHandler } from './okta-errors.ts';
import { createProviderRegistry } from './provider.ts';
import { sessionRoutes } from './session-routes.ts';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The embedded identity provider's request and error shape (api-scopes/identity-provider.ts sets it on its
 * scope, so it applies to these routes only): Okta-style error JSON, and its own JSON and form-body parsers.
 */
export function useOktaRequests(app: FastifyInstance): void {
  useOktaErrorHandler(app);
  // okta-auth-js sends `Content-Type: application/json` on every request, bodiless GET/DELETE included.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      const text = (body as string).trim();
      if (text === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(oktaErrors.malformedBody(), undefined);
      }
    },
  );
  // Form bodies (revoke, introspect, the fallback sign-in form); the provider reads its own.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/**
 * The embedded Okta-compatible identity provider's own routes (`--services=idp`): OIDC per tenant issuer,
 * Okta sessions, the Authentication API, the hosted fallback sign-in form and the portal's user-info
 * endpoint.
 */
export const identityRoutes: FastifyPluginAsync = async (app) => {
  const registry = createProviderRegistry({ db: app.db, log: app.log, revocations: app.revocations });
  await app.register(oidcRoutes, { registry });
  await app.register(sessionRoutes, { registry });
  await app.register(authnRoutes);
  await app.register(pushPageRoutes);
  await registerInteractionRoutes(app, registry);
  await app.register(myAccountRoutes, { registry });

  // Expired one-time tokens, oidc-provider payloads and rate-limit counters are deleted now and then.
  const purge = setInterval(() => {
    purgeExpiredIdentityData(app.db).catch((err: Error) => app.log.warn({ err }, 'identity: purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
};
