import type { AccessTokenClaims, MyAccountScope } from '@trackwell/contracts';
import { MYACCOUNT_BASE, MYACCOUNT_VERSION } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  findIdentityUserById,
  hitRateLimit,
  type IdentityUser,
  type Tenant,
} from '@trackwell/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RevocationList } from '../../auth/revocation-list.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { idpFor } from '../context.ts';
import { OktaApiError, oktaErrors } from '../okta-errors.ts';
import type { ProviderRegistry } from '../provider.ts';
import { InvalidAccessToken, verifyAccessToken, wwwAuthenticate } from '../tokens.ts';

/** Who calls a MyAccount operation, and what the operation may use: the domain functions' one argument. */
export interface MyAccountCaller {
  db: DatabaseHandle;
  tenant: Tenant;
  user: IdentityUser;
  claims: AccessTokenClaims;
  /** The store's canonical origin + /idp/myaccount: every `href` of an answer starts with it. */
  base: string;
  mailer: Mailer;
  revocations: RevocationList;
}

/** What a route needs of its caller (`config.myAccount`): one of these scopes, and a recent sign-in. */
export interface MyAccountAccess {
  scopes: readonly MyAccountScope[];
  stepUp?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    myAccount?: MyAccountAccess;
  }
}

const callers = new WeakMap<FastifyRequest, MyAccountCaller>();

/**
 * onRequest, on every MyAccount route: the bearer token of this store's issuer and its user, before the body
 * is parsed or validated, so an anonymous caller gets 401 whatever it sends; then the Accept header.
 */
export const authenticateCaller =
  (app: FastifyInstance, registry: ProviderRegistry) => async (request: FastifyRequest) => {
    const idp = await idpFor(app, registry, request);
    let claims: AccessTokenClaims;
    try {
      claims = await verifyAccessToken(idp, app.revocations, request.headers.authorization);
    } catch (error) {
      if (!(error instanceof InvalidAccessToken)) throw error;
      throw new OktaApiError(401, 'E0000011', 'Invalid token provided', [], {
        'www-authenticate': wwwAuthenticate(error),
      });
    }
    const user = await findIdentityUserById(app.db, idp.tenant.id, claims.uid);
    if (!user) throw oktaErrors.invalidToken();
    checkAccept(request.headers.accept);
    callers.set(request, {
      db: app.db,
      tenant: idp.tenant,
      user,
      claims,
      base: `${idp.origin}${MYACCOUNT_BASE}`,
      mailer: app.mailer,
      revocations: app.revocations,
    });
  };

/** Accept must allow JSON and, when it names an okta-version, name 1.0.0 (the SDK sends `*\/*;okta-version=1.0.0`). */
function checkAccept(accept = '*/*') {
  const version = /okta-version=([\w.]+)/i.exec(accept)?.[1];
  if (version && version !== MYACCOUNT_VERSION)
    throw new OktaApiError(406, 'E0000001', 'Api validation failed', [
      `okta-version ${version} is not supported; use ${MYACCOUNT_VERSION}`,
    ]);
  if (!/(\*\/\*|application\/\*|application\/json)/i.test(accept))
    throw new OktaApiError(406, 'E0000001', 'Api validation failed', ['Accept must allow application/json']);
}

const FORBIDDEN = 'You do not have permission to perform the requested action';

/**
 * preValidation: the route's scopes (403 insufficient_scope naming the first), and for a password change a
 * sign-in of the last IDP_STEP_UP_MAX_AGE_SECONDS (403 insufficient_authentication_context with max_age), as
 * Okta's MyAccount API asks; before the body is validated, as the operation's own checks came after these.
 */
export const checkAccess = (app: FastifyInstance) => async (request: FastifyRequest) => {
  const access = request.routeOptions.config.myAccount;
  if (!access) throw new Error('myaccount: the route names no scopes');
  const { claims } = callerOf(request);
  if (!access.scopes.some((s) => claims.scp.includes(s)))
    throw new OktaApiError(403, 'E0000006', FORBIDDEN, [], {
      'www-authenticate': `Bearer realm="IdP", error="insufficient_scope", error_description="The access token provided does not contain the required scopes.", scope="${access.scopes[0]}"`,
    });
  const maxAge = app.env.IDP_STEP_UP_MAX_AGE_SECONDS;
  if (access.stepUp && Date.now() / 1000 - (claims.auth_time ?? 0) > maxAge)
    throw new OktaApiError(403, 'E0000006', FORBIDDEN, [], {
      'www-authenticate': `Bearer realm="IdP", error="insufficient_authentication_context", error_description="The access token requires additional assurance to access the resource", max_age=${maxAge}, acr_values="urn:okta:loa:1fa:pwd"`,
    });
};

export function callerOf(request: FastifyRequest): MyAccountCaller {
  const caller = callers.get(request);
  if (!caller) throw oktaErrors.invalidToken();
  return caller;
}

/** At most `limit` attempts of one kind per user per minute (429 E0000047 beyond). */
export async function limitAttempts(c: MyAccountCaller, what: string, limit = 10): Promise<void> {
  if ((await hitRateLimit(c.db, c.tenant.id, `myaccount:${what}:${c.user.id}`, 60)) > limit)
    throw oktaErrors.rateLimited();
}
