import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkedSerializerCompiler } from '../../../http/checked-serializer.ts';
import type { ProviderRegistry } from '../provider.ts';
import { providerRoutes } from './provider-routes.ts';
import { tokenRoutes } from './token-routes.ts';
import { meRoute, userinfoRoutes } from './userinfo-routes.ts';

/**
 * The OpenID Connect side of the embedded identity provider (Okta: "OpenID Connect & OAuth 2.0 API"): the
 * store's oidc-provider under `/oauth2/<server>/`, with userinfo, revoke and introspect answered here, and
 * the portal's user info (`/api/identity/v1/me`). Answers are checked against their schemas and written as
 * built.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ registry: ProviderRegistry }> = async (
  app,
  { registry },
) => {
  app.setSerializerCompiler(checkedSerializerCompiler);
  providerRoutes(app, registry);
  userinfoRoutes(app, registry);
  tokenRoutes(app, registry);
  meRoute(app, registry);
};
