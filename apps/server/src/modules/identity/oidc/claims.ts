import { CONSOLE_ROLES_CLAIM, languageOfCode } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  findUserRevocationSeq,
  type IdentityUser,
  listUserConsoleRoles,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';
import type { Configuration } from 'oidc-provider';
import { recordIssuedAccessToken } from '../devices/record-token.ts';

type SessionToken = { sessionUid?: string; accountId: string };

/**
 * What tokens say: the standard claims of a user (ID token and userinfo alike), and the access token's
 * claims as Okta writes them (`ver`, `cid`, `uid`, `scp`, `sub` = login; Okta: "Access token claims").
 */

/** The OpenID scopes the issuer offers (the MyAccount scopes are resource scopes of api://default). */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'];

/** The standard claims each scope releases (ID token and userinfo alike). */
export const SCOPE_CLAIMS = {
  profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale', 'zoneinfo', 'updated_at'],
  email: ['email', 'email_verified'],
} as const;

/**
 * Standard claims of a user (the ID token carries them too, as Okta's do). `locale` is the person's language
 * preference, present only when it is a language the portal offers: the portal applies it at sign-in.
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

/**
 * The user's console roles as the `trackwell_roles` claim (access token and ID token), or nothing
 * when they hold none. What the portal reads to show the console; the server never trusts it (the console
 * API reads the grants from the database on every call, so a revoked role stops at once).
 */
export async function consoleRolesClaim(db: SqlExecutor, tenantId: string, userId: string) {
  const roles = await listUserConsoleRoles(db, tenantId, userId);
  return roles.length > 0 ? { [CONSOLE_ROLES_CLAIM]: roles } : {};
}

type JwtCustomizer = NonNullable<NonNullable<Configuration['formats']>['customizers']>['jwt'];
type Payload = Record<string, unknown>;

/** A client-credentials token as Okta writes it: sub = cid = the client, scp = the granted scopes. */
function clientCredentialsClaims(payload: Payload) {
  const client = String(payload.client_id ?? '');
  payload.ver = 1;
  payload.cid = client;
  payload.sub = client;
  payload.scp = String(payload.scope ?? '')
    .split(' ')
    .filter(Boolean);
  delete payload.scope;
  delete payload.client_id;
}

/**
 * The access token's claims: Okta's ver, cid, uid, scp (every granted scope), sub = login, and `auth_time`
 * (when the user last authenticated: MyAccount's step-up check reads it), and `rev`: the user's last
 * revocation (`seq`) when the token is issued, so a sign-out, reset or deactivation written after it refuses
 * it however close in time (`iat` has one-second resolution and cannot order them).
 */
export function accessTokenClaims(
  db: DatabaseHandle,
  tenant: Tenant,
  findUser: (id: string) => Promise<IdentityUser | undefined>,
): JwtCustomizer {
  return async (ctx, token, jwt) => {
    const payload = jwt.payload as Payload;
    if (token.kind === 'ClientCredentials') return clientCredentialsClaims(payload);
    if (token.kind !== 'AccessToken') return;
    const accountId = (token as unknown as { accountId: string }).accountId;
    const user = await findUser(accountId);
    const resource = String(payload.scope ?? '').split(' ');
    const granted = String(
      ctx.oidc.params?.scope ??
        ctx.oidc.entities.AuthorizationCode?.scope ??
        ctx.oidc.entities.RefreshToken?.scope ??
        '',
    ).split(' ');
    const authTime =
      ctx.oidc.entities.AuthorizationCode?.authTime ?? ctx.oidc.entities.RefreshToken?.authTime;
    if (typeof authTime === 'number') payload.auth_time = authTime;
    payload.ver = 1;
    payload.cid = tenant.config['client-id'];
    payload.uid = accountId;
    payload.sub = user?.login ?? accountId;
    payload.scp = [...new Set([...granted.filter((s) => OIDC_SCOPES.includes(s)), ...resource])].filter(
      Boolean,
    );
    payload.rev = await findUserRevocationSeq(db, tenant.id, accountId);
    Object.assign(payload, await consoleRolesClaim(db, tenant.id, accountId));
    await recordIssuedAccessToken(db, tenant.id, ctx, token as unknown as SessionToken, payload);
    delete payload.scope;
    delete payload.client_id;
  };
}
