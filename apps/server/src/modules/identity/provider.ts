import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_AUDIENCE,
  CATALOG_CHANGES_SCOPE,
  isCatalogPublisherClientId,
  languageOfCode,
  MYACCOUNT_SCOPES,
} from '@trackwell/contracts';
import {
  consumeIdentityToken,
  type DatabaseHandle,
  findIdentityUserById,
  findUserTokenCutoff,
  getOrCreateIdentityKeys,
  type IdentityUser,
  type Tenant,
} from '@trackwell/db';
import { exportJWK, importJWK, type JWK } from 'jose';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { RevocationList } from '../auth/revocation-list.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';

/**
 * One oidc-provider instance per tenant issuer (`<origin>/oauth2/default`), configured and patched as
 * ../shared/reference/okta-compat.md §5 lists (C1–C15) so the unchanged okta-auth-js 8 works against it.
 * Instances are built lazily per issuer and cached; their keys, sessions, grants and tokens live in the
 * database, so any process (and a restarted one) answers the same.
 */

/** Okta-style routes (C1), relative to the issuer. */
export const OIDC_ROUTES = {
  authorization: '/v1/authorize',
  token: '/v1/token',
  jwks: '/v1/keys',
  userinfo: '/v1/userinfo',
  end_session: '/v1/logout',
  revocation: '/v1/revoke',
  introspection: '/v1/introspect',
} as const;

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

export const SESSION_COOKIE = '_session';
/** Session lifetime (Okta's default org session: 2 hours). */
export const SESSION_TTL_SECONDS = 2 * 60 * 60;
const ACCESS_TOKEN_TTL = 60 * 60; // C15: well above okta-auth-js's expireEarlySeconds (30 s; the portal uses 60)
const REFRESH_TOKEN_TTL = 30 * 24 * 60 * 60;

export interface TenantIdp {
  tenant: Tenant;
  issuer: string;
  origin: string;
  clientId: string;
  provider: Provider;
  /** The public signing key, for verifying our own access tokens (userinfo, MyAccount, introspection). */
  publicKey: VerifyKey;
  kid: string;
  /** Cookie options of the IdP session cookie (for the hand-written session endpoints). */
  sessionCookie: { httpOnly: true; sameSite: 'lax'; signed: true; path: '/' };
}

export const redirectUrisFor = (origin: string) => [`${origin}/implicit/callback`];
export const postLogoutUrisFor = (origin: string) => [origin, `${origin}/`];

async function generateKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  // kid = RFC 7638-style thumbprint prefix: stable for the key, unique across tenants.
  const kid = createHash('sha256').update(`${jwk.n}.${jwk.e}`).digest('base64url').slice(0, 22);
  return {
    kid,
    privateJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } as Record<string, unknown>,
    cookieSecret: randomBytes(32).toString('base64url'),
  };
}

/** The issuer's HTML pages run one inline script each; CSP allows exactly that script by its hash (C5, C12). */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives = (csp ? csp.split(';') : [])
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith('frame-ancestors') && !d.startsWith('script-src'));
  directives.push(`script-src ${hash}`);
  ctx.set('content-security-policy', directives.join('; '));
  ctx.response.remove('x-frame-options');
}

const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const htmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ProviderRegistryOptions {
  db: DatabaseHandle;
  /** Sign-out at /v1/logout revokes the user's access tokens (issue 11 §4). */
  revocations: Pick<RevocationList, 'revokeUserTokens'>;
  /** Renders the IdP's own error page (HTML-escaped message). */
  log: { warn(obj: object, msg: string): void };
}

export interface ProviderRegistry {
  /** The tenant's IdP at this origin (built once per issuer). */
  get(tenant: Tenant, origin: string): Promise<TenantIdp>;
}

export function createProviderRegistry({ db, revocations }: ProviderRegistryOptions): ProviderRegistry {
  const cache = new Map<string, Promise<TenantIdp>>();
  return {
    get(tenant, origin) {
      const key = `${tenant.id} ${origin} ${tenant.config['client-id']} ${tenant.updatedAt.getTime()}`;
      let entry = cache.get(key);
      if (!entry) {
        entry = buildTenantIdp(db, revocations, tenant, origin);
        entry.catch(() => cache.delete(key));
        if (cache.size > 500) cache.delete(cache.keys().next().value as string);
        cache.set(key, entry);
      }
      return entry;
    },
  };
}

/** The standard claims each scope releases (ID token and userinfo alike). */
export const SCOPE_CLAIMS = {
  profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale', 'zoneinfo', 'updated_at'],
  email: ['email', 'email_verified'],
} as const;

/**
 * Standard claims of a user (C13: the ID token carries them too). `locale` is the person's language preference
 * (issue 12 §3), present only when it is a language of spec §3: the portal applies it at sign-in.
 */
export function userClaims(user: IdentityUser) {
  const locale = languageOfCode(user.locale);
  return {
    sub: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    given_name: user.firstName,
    family_name: user.lastName,
    preferred_username: user.login,
    email: user.login,
    email_verified: true,
    ...(locale ? { locale } : {}),
    zoneinfo: 'UTC',
    updated_at: Math.floor(user.updatedAt.getTime() / 1000),
  };
}

async function buildTenantIdp(
  db: DatabaseHandle,
  revocations: ProviderRegistryOptions['revocations'],
  tenant: Tenant,
  origin: string,
): Promise<TenantIdp> {
  const issuerPath = tenant.config['issuer-uri'];
  const issuer = `${origin}${issuerPath}`;
  const clientId = tenant.config['client-id'];
  const keys = await getOrCreateIdentityKeys(db, tenant.id, generateKeys);
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = keys.privateJwk as JWK;
  const publicKey: VerifyKey = await importJWK({ ...publicJwk, alg: 'RS256' }, 'RS256');
  const resourceScopes = MYACCOUNT_SCOPES.join(' ');
  const oidcScopes = ['openid', 'profile', 'email', 'offline_access'];

  const findUser = (id: string) => findIdentityUserById(db, tenant.id, id);

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db, tenant.id) as unknown as Configuration['adapter'],
    // C2: the tenant's public SPA client; redirect and logout URIs compared exactly.
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUrisFor(origin),
        post_logout_redirect_uris: postLogoutUrisFor(origin),
      },
    ],
    jwks: { keys: [keys.privateJwk as JWK] } as Configuration['jwks'],
    cookies: {
      keys: [keys.cookieSecret],
      names: { session: SESSION_COOKIE, interaction: '_interaction', resume: '_interaction_resume' },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    routes: OIDC_ROUTES,
    scopes: oidcScopes,
    claims: {
      // C13: the ID token carries amr (how the session signed in: pwd, mfa) and auth_time, as Okta's do.
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub', 'amr', 'auth_time'],
      profile: [...SCOPE_CLAIMS.profile],
      email: [...SCOPE_CLAIMS.email],
    },
    conformIdTokenClaims: false, // C13
    // C6: like Okta, a refresh token when offline_access was asked for, without prompt=consent (the
    // provider drops offline_access from the request then, so loadExistingGrant records it on the grant).
    issueRefreshToken: async (ctx, client, code) => {
      if (!client.grantTypeAllowed('refresh_token') || !code.grantId) return false;
      const grant = await ctx.oidc.provider.Grant.find(code.grantId);
      return grant?.getOIDCScope().split(' ').includes('offline_access') ?? false;
    },
    // C4: the sessionToken parameter logs the user in before the provider looks for an account, so it also
    // works with prompt=none (the hidden-iframe renew). The token is one-time: consumed here.
    extraParams: {
      async sessionToken(ctx: KoaContextWithOIDC, value: string | undefined) {
        if (value === undefined || value === '') return;
        const token = await consumeIdentityToken<{ amr?: string[] }>(db, tenant.id, 'session', value);
        if (!token?.userId) throw new errors.InvalidRequest('The session token is invalid or has expired.');
        const session = ctx.oidc.session;
        if (!session) throw new errors.InvalidRequest('The session token cannot be used here.');
        session.loginAccount({
          accountId: token.userId,
          amr: token.data.amr ?? ['pwd'],
          loginTs: Math.floor(Date.now() / 1000),
        });
        session.resetIdentifier(); // a fresh session id at every sign-in (no fixation)
      },
    } as unknown as Configuration['extraParams'],
    async findAccount(_ctx, sub) {
      const user = await findUser(sub);
      if (!user || user.status === 'SUSPENDED') return undefined;
      return { accountId: user.id, claims: () => userClaims(user) };
    },
    // C3: first-party client, no consent screen: grant what was asked (within what the server offers).
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== session.accountId) grant = undefined;
      grant ??= new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      const requested = [...(ctx.oidc.requestParamScopes ?? [])];
      const raw = String(ctx.oidc.params?.scope ?? '');
      const rawQuery = typeof ctx.query.scope === 'string' ? ctx.query.scope : '';
      if (`${raw} ${rawQuery}`.split(' ').includes('offline_access')) requested.push('offline_access');
      grant.addOIDCScope(requested.filter((s) => oidcScopes.includes(s)).join(' ') || 'openid');
      const resource = requested.filter((s) => (MYACCOUNT_SCOPES as readonly string[]).includes(s));
      if (resource.length) grant.addResourceScope(ACCESS_TOKEN_AUDIENCE, resource.join(' '));
      else grant.addResourceScope(ACCESS_TOKEN_AUDIENCE, '');
      await grant.save();
      return grant;
    },
    // CORS for the provider's own endpoints: the tenant's client, from its redirect URIs' origin (okta-compat §5).
    clientBasedCORS: (_ctx, requestOrigin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === requestOrigin) ?? false,
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false }, // C15
      revocation: { enabled: true }, // C11 (served by hand, see oidc-routes.ts)
      introspection: { enabled: true },
      // Issue 7: publisher clients (stored per tenant, see notifications/publisher-clients.ts) get access
      // tokens for the catalogue change feed with the client_credentials grant.
      clientCredentials: { enabled: true },
      userinfo: { enabled: false }, // C8: our own /v1/userinfo
      rpInitiatedLogout: {
        enabled: true,
        // C12: no confirmation page: the form submits itself with logout=yes.
        async logoutSource(ctx, form) {
          const script = 'document.forms[0].submit();';
          allowInlineScript(ctx, script);
          const withYes = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
          ctx.type = 'html';
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head><body>${withYes}<noscript><p>Signing out.</p><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript><script>${script}</script></body></html>`;
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body><main><h1>You are signed out</h1><p><a href="${htmlEscape(origin)}/">Back to ${htmlEscape(tenant.config.tenantName)}</a></p></main></body></html>`;
        },
      },
      // C7: JWT access tokens for api://default that the tracker API verifies from the JWKS.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => ACCESS_TOKEN_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: isCatalogPublisherClientId(client.clientId) ? CATALOG_CHANGES_SCOPE : resourceScopes,
          audience: ACCESS_TOKEN_AUDIENCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ACCESS_TOKEN_TTL,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    formats: {
      customizers: {
        // C7: Okta's access-token claims: ver, cid, uid, scp (all granted scopes), sub = login.
        async jwt(ctx, token, jwt) {
          if (token.kind === 'ClientCredentials') {
            // Okta's client-credentials claims: sub = cid = the client, scp = the granted scopes.
            const payload = jwt.payload as Record<string, unknown>;
            const client = String(payload.client_id ?? '');
            payload.ver = 1;
            payload.cid = client;
            payload.sub = client;
            payload.scp = String(payload.scope ?? '')
              .split(' ')
              .filter(Boolean);
            delete payload.scope;
            delete payload.client_id;
            return;
          }
          if (token.kind !== 'AccessToken') return;
          const payload = jwt.payload as Record<string, unknown>;
          const accountId = (token as unknown as { accountId: string }).accountId;
          const user = await findUser(accountId);
          const resource = String(payload.scope ?? '').split(' ');
          const granted = String(
            ctx.oidc.params?.scope ??
              ctx.oidc.entities.AuthorizationCode?.scope ??
              ctx.oidc.entities.RefreshToken?.scope ??
              '',
          ).split(' ');
          // When the user last authenticated: MyAccount's step-up check reads it (Okta's auth_time).
          const authTime =
            ctx.oidc.entities.AuthorizationCode?.authTime ?? ctx.oidc.entities.RefreshToken?.authTime;
          if (typeof authTime === 'number') payload.auth_time = authTime;
          payload.ver = 1;
          payload.cid = clientId;
          payload.uid = accountId;
          payload.sub = user?.login ?? accountId;
          payload.scp = [...new Set([...granted.filter((s) => oidcScopes.includes(s)), ...resource])].filter(
            Boolean,
          );
          // Issue 11 §4: `iat` has one-second resolution and a user's cut-off (sign-out, new password) refuses
          // tokens with iat < ⌈cut-off⌉; a token issued after a cut-off in the same second is stamped ⌈cut-off⌉
          // (at most a second ahead: jose and the SDK accept it) so that it is not refused with the old ones.
          const cutoff = await findUserTokenCutoff(db, tenant.id, accountId);
          const cutoffSeconds = cutoff ? Math.ceil(cutoff.getTime() / 1000) : 0;
          if (typeof payload.iat === 'number' && payload.iat < cutoffSeconds) payload.iat = cutoffSeconds;
          delete payload.scope;
          delete payload.client_id;
        },
      },
    },
    discovery: { userinfo_endpoint: `${issuer}${OIDC_ROUTES.userinfo}` } as Configuration['discovery'],
    pkce: { required: () => true }, // C2: S256 only (the only method oidc-provider 9 supports)
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      IdToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 300,
      RefreshToken: REFRESH_TOKEN_TTL,
      Grant: REFRESH_TOKEN_TTL,
      Interaction: 60 * 60,
      Session: SESSION_TTL_SECONDS,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in could not continue</h1>${Object.entries(
        out,
      )
        .map(([k, v]) => `<p><strong>${htmlEscape(k)}</strong>: ${htmlEscape(String(v))}</p>`)
        .join(
          '',
        )}<p><a href="${htmlEscape(origin)}/">Back to ${htmlEscape(tenant.config.tenantName)}</a></p></main></body></html>`;
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = true; // its host and protocol headers are pinned to Fastify's view first (context.ts)
  // Issue 7: a publisher client's secret is stored as its SHA-256 hex only (like the publisher API keys), so
  // the presented secret is hashed before oidc-provider's constant-time comparison.
  const compareClientSecret = provider.Client.prototype.compareClientSecret;
  provider.Client.prototype.compareClientSecret = function (this: { clientId: string }, actual: string) {
    const presented = isCatalogPublisherClientId(this.clientId)
      ? createHash('sha256').update(String(actual)).digest('hex')
      : actual;
    return compareClientSecret.call(this, presented);
  };

  // C5: okta_post_message — the hidden-iframe answer for prompt=none renewals.
  provider.registerResponseMode('okta_post_message', (ctx, redirectUri, response) => {
    const script = `(function(){var d=${jsonForScript(response)};(window.opener||window.parent).postMessage(d,${jsonForScript(new URL(redirectUri).origin)});})();`;
    allowInlineScript(ctx, script);
    ctx.status = 200;
    ctx.type = 'html';
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body><script>${script}</script></body></html>`;
  });

  // Issue 11 §4: RP-initiated logout (/v1/logout, confirmed) revokes the user's access tokens, like
  // DELETE /api/v1/sessions/me; awaited before the redirect answers, so the next call already sees it.
  provider.use(async (ctx, next) => {
    await next();
    const accountId = ctx.oidc?.route === 'end_session_confirm' ? ctx.oidc.session?.accountId : undefined;
    if (accountId && ctx.status >= 300 && ctx.status < 400)
      await revocations.revokeUserTokens(tenant.id, String(accountId), 'sign-out');
  });

  // C9 + C10: the token response names every granted scope; a dead refresh token gets Okta's wording.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token') return;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    // (client_credentials answers are left as the provider wrote them: the scope it actually granted.)
    if (body.access_token && ctx.oidc.params?.grant_type !== 'client_credentials') {
      const scope =
        ctx.oidc.params?.scope ??
        ctx.oidc.entities.AuthorizationCode?.scope ??
        ctx.oidc.entities.RefreshToken?.scope;
      if (scope) body.scope = scope;
    } else if (body.error === 'invalid_grant' && ctx.oidc.params?.grant_type === 'refresh_token') {
      body.error_description = 'The refresh token is invalid or expired.';
    }
  });

  return {
    tenant,
    issuer,
    origin,
    clientId,
    provider,
    publicKey,
    kid: keys.kid,
    sessionCookie: { httpOnly: true, sameSite: 'lax', signed: true, path: '/' },
  };
}
