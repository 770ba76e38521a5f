import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authnContext, requireEmbeddedTenant } from '../context.ts';
import type { AuthnContext } from './authn-context.ts';

/**
 * The store comes first: a preValidation hook (after the unsafe-input guard, before the body's schema)
 * resolves the request's embedded-IdP store and its AuthnContext, so an unknown store is 404 E0000007
 * whatever the body holds; the handlers read the context back with `authnContextOf`.
 */
const contexts = new WeakMap<FastifyRequest, AuthnContext>();

export const resolveAuthnContext = (app: FastifyInstance) => async (request: FastifyRequest) => {
  contexts.set(request, authnContext(app, request, await requireEmbeddedTenant(app, request)));
};

export function authnContextOf(request: FastifyRequest): AuthnContext {
  const ctx = contexts.get(request);
  if (!ctx) throw new Error('authn: the route has no resolveAuthnContext hook');
  return ctx;
}
