import {
  type OktaSession,
  oktaSession,
  SESSION_PATHS,
  sessionCookieRedirectQuery,
} from '@trackwell/contracts';
import { consumeIdentityToken, findIdentityUserById, revokeOidcPayloadsByGrantId } from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Session } from 'oidc-provider';
import { z } from 'zod';
import { checkedSerializerCompiler } from '../../http/checked-serializer.ts';
import { idpFor } from './context.ts';
import { NO_CONTENT, noContent, oktaSchemaFrame } from './okta-answers.ts';
import { OKTA_ERROR_RESPONSES, oktaErrors } from './okta-errors.ts';
import { type ProviderRegistry, SESSION_COOKIE, SESSION_TTL_SECONDS, type TenantIdp } from './provider.ts';

/**
 * Okta's session endpoints (Okta Sessions API: the current session) over oidc-provider's own session: one
 * session, one cookie, so signing out at /v1/logout or DELETE /api/v1/sessions/me ends the same thing.
 */

type KoaCtx = ReturnType<TenantIdp['provider']['createContext']>;

function koaContext(idp: TenantIdp, request: FastifyRequest, reply: FastifyReply): KoaCtx {
  return idp.provider.createContext(request.raw, reply.raw);
}

async function currentSession(idp: TenantIdp, ctx: KoaCtx): Promise<Session | undefined> {
  const session = await idp.provider.Session.get(ctx as never);
  return session.accountId ? session : undefined;
}

function setSessionCookie(idp: TenantIdp, request: FastifyRequest, ctx: KoaCtx, session: Session | null) {
  const expires = session?.exp ? new Date(session.exp * 1000) : new Date(0);
  ctx.cookies.set(SESSION_COOKIE, session ? (session as Session & { id: string }).id : null, {
    ...idp.sessionCookie,
    expires,
    secure: request.protocol === 'https',
  });
}

const iso = (epochSeconds: number | undefined) =>
  epochSeconds ? new Date(epochSeconds * 1000).toISOString() : null;

async function presentSession(
  app: FastifyInstance,
  idp: TenantIdp,
  origin: string,
  session: Session,
): Promise<OktaSession | undefined> {
  const user = await findIdentityUserById(app.db, idp.tenant.id, String(session.accountId));
  if (!user) return undefined;
  const amr = (session.amr as string[] | undefined) ?? ['pwd'];
  const self = `${origin}/api/v1/sessions/me`;
  return {
    id: session.uid,
    userId: user.id,
    login: user.login,
    createdAt: iso(session.loginTs),
    expiresAt: iso(session.exp),
    status: 'ACTIVE',
    lastPasswordVerification: iso(session.loginTs),
    lastFactorVerification: amr.includes('mfa') ? iso(session.loginTs) : null,
    amr,
    idp: { id: `00o${idp.tenant.id.replaceAll('-', '').slice(0, 17)}`, type: 'OKTA' },
    mfaActive: amr.includes('mfa'),
    _links: {
      self: { href: self, hints: { allow: ['GET', 'DELETE'] } },
      refresh: { href: `${self}/lifecycle/refresh`, hints: { allow: ['POST'] } },
      user: {
        name: `${user.firstName} ${user.lastName}`,
        href: `${origin}/api/v1/users/me`,
        hints: { allow: ['GET'] },
      },
    },
  };
}

/** True when `target` may be redirected to from here: only this tenant's own origin (no open redirect). */
export function isAllowedRedirect(target: unknown, origin: string): target is string {
  if (typeof target !== 'string' || target.length > 4096) return false;
  try {
    const url = new URL(target, origin);
    return (
      url.origin === origin &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !target.startsWith('//')
    );
  } catch {
    return false;
  }
}

const schema = oktaSchemaFrame('sessions', OKTA_ERROR_RESPONSES);
const REDIRECT = z.null().meta({ description: 'Signed in: on to `redirectUrl` (Location).' });

type SessionApp = Parameters<FastifyPluginAsyncZod>[0];

/** The store's IdP and the request's signed-in session (by its cookie), else 404 E0000007 as Okta answers. */
async function signedInSession(
  app: FastifyInstance,
  registry: ProviderRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const idp = await idpFor(app, registry, request);
  const ctx = koaContext(idp, request, reply);
  const session = await currentSession(idp, ctx);
  if (!session) throw oktaErrors.notFound('me (Session)');
  return { idp, ctx, session };
}

/**
 * Signing out ends the session and this session's grants (their refresh tokens), as /v1/logout does, and
 * revokes the user's access tokens issued so far (in every process, within seconds); a new sign-in gets new
 * ones.
 */
async function endSession(app: FastifyInstance, idp: TenantIdp, session: Session) {
  await session.destroy();
  for (const { grantId } of Object.values(session.authorizations ?? {}))
    if (grantId) await revokeOidcPayloadsByGrantId(app.db, idp.tenant.id, grantId);
  await app.revocations.revokeUserTokens(idp.tenant.id, String(session.accountId), 'sign-out');
}

/** A new session for the user of a one-time sessionToken, replacing the browser's previous one. */
async function startSession(app: FastifyInstance, idp: TenantIdp, ctx: KoaCtx, sessionToken: string) {
  const token = await consumeIdentityToken<{ amr?: string[] }>(
    app.db,
    idp.tenant.id,
    'session',
    sessionToken,
  );
  if (!token?.userId) throw oktaErrors.invalidToken();
  const previous = await idp.provider.Session.get(ctx as never);
  if (previous.accountId) await previous.destroy();
  const session = new idp.provider.Session() as Session;
  session.loginAccount({
    accountId: token.userId,
    amr: token.data.amr ?? ['pwd'],
    loginTs: Math.floor(Date.now() / 1000),
  });
  await session.save(SESSION_TTL_SECONDS);
  return session;
}

export const sessionRoutes: FastifyPluginAsyncZod<{ registry: ProviderRegistry }> = async (
  app,
  { registry },
) => {
  app.setSerializerCompiler(checkedSerializerCompiler);
  currentSessionRoutes(app, registry);
  cookieRedirectRoute(app, registry);
};

function currentSessionRoutes(app: SessionApp, registry: ProviderRegistry) {
  const present = async (idp: TenantIdp, session: Session, reply: FastifyReply) => {
    const body = await presentSession(app, idp, idp.origin, session);
    if (!body) throw oktaErrors.notFound('me (Session)');
    return reply.header('cache-control', 'no-store').send(body);
  };
  app.get(
    SESSION_PATHS.me,
    { schema: schema('The current session (by its cookie)', { response: { 200: oktaSession } }) },
    async (request, reply) => {
      const { idp, session } = await signedInSession(app, registry, request, reply);
      return present(idp, session, reply);
    },
  );
  app.delete(
    SESSION_PATHS.me,
    {
      schema: schema('Sign out: end the session and revoke the user’s tokens', {
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const { idp, ctx, session } = await signedInSession(app, registry, request, reply);
      await endSession(app, idp, session);
      setSessionCookie(idp, request, ctx, null);
      return noContent(reply);
    },
  );
  app.post(
    SESSION_PATHS.refresh,
    { schema: schema('Extend the session', { response: { 200: oktaSession } }) },
    async (request, reply) => {
      const { idp, ctx, session } = await signedInSession(app, registry, request, reply);
      await session.save(SESSION_TTL_SECONDS);
      setSessionCookie(idp, request, ctx, session);
      return present(idp, session, reply);
    },
  );
}

/** session.setCookieAndRedirect: a sessionToken becomes the IdP session, then back to an allowed URL. */
function cookieRedirectRoute(app: SessionApp, registry: ProviderRegistry) {
  app.get(
    SESSION_PATHS.cookieRedirect,
    {
      schema: schema('A sessionToken becomes the session cookie, then on to a URL of this store', {
        querystring: sessionCookieRedirectQuery,
        response: { 302: REDIRECT },
      }),
    },
    async (request, reply) => {
      const query = request.query;
      const idp = await idpFor(app, registry, request);
      if (!isAllowedRedirect(query.redirectUrl, idp.origin)) {
        throw oktaErrors.validation('redirectUrl: must be a URL of this site');
      }
      const ctx = koaContext(idp, request, reply);
      const session = await startSession(app, idp, ctx, query.token ?? '');
      setSessionCookie(idp, request, ctx, session);
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .redirect(new URL(query.redirectUrl, idp.origin).href, 302);
    },
  );
}
