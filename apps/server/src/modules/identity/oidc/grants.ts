import { ACCESS_TOKEN_AUDIENCE, MYACCOUNT_SCOPES } from '@trackwell/contracts';
import { consumeIdentityToken, type DatabaseHandle } from '@trackwell/db';
import { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { OIDC_SCOPES } from './claims.ts';

/**
 * How a sign-in becomes a grant, as okta-auth-js expects of Okta: the authn API's one-time `sessionToken`
 * signs the user in at /v1/authorize (also with prompt=none), the portal is a first-party client with no
 * consent screen, and `offline_access` earns a refresh token.
 */

/**
 * The `sessionToken` parameter logs the user in before the provider looks for an account, so it also works
 * with prompt=none (the hidden-iframe renewal). The token is one-time: consumed here.
 */
export function sessionTokenParam(db: DatabaseHandle, tenantId: string) {
  return async (ctx: KoaContextWithOIDC, value: string | undefined) => {
    if (value === undefined || value === '') return;
    const token = await consumeIdentityToken<{ amr?: string[] }>(db, tenantId, 'session', value);
    if (!token?.userId) throw new errors.InvalidRequest('The session token is invalid or has expired.');
    const session = ctx.oidc.session;
    if (!session) throw new errors.InvalidRequest('The session token cannot be used here.');
    session.loginAccount({
      accountId: token.userId,
      amr: token.data.amr ?? ['pwd'],
      loginTs: Math.floor(Date.now() / 1000),
    });
    session.resetIdentifier(); // a fresh session id at every sign-in (no fixation)
  };
}

/**
 * Like Okta, a refresh token when offline_access was asked for, without prompt=consent (the provider drops
 * offline_access from the request then, so `loadExistingGrant` records it on the grant).
 */
export const issueRefreshToken: NonNullable<Configuration['issueRefreshToken']> = async (
  ctx,
  client,
  code,
) => {
  if (!client.grantTypeAllowed('refresh_token') || !code.grantId) return false;
  const grant = await ctx.oidc.provider.Grant.find(code.grantId);
  return grant?.getOIDCScope().split(' ').includes('offline_access') ?? false;
};

/** A first-party client, no consent screen: grant what was asked, within what the issuer offers. */
export const loadExistingGrant: NonNullable<Configuration['loadExistingGrant']> = async (ctx) => {
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
  grant.addOIDCScope(requested.filter((s) => OIDC_SCOPES.includes(s)).join(' ') || 'openid');
  const resource = requested.filter((s) => (MYACCOUNT_SCOPES as readonly string[]).includes(s));
  if (resource.length) grant.addResourceScope(ACCESS_TOKEN_AUDIENCE, resource.join(' '));
  else grant.addResourceScope(ACCESS_TOKEN_AUDIENCE, '');
  await grant.save();
  return grant;
};
