import { createHash } from 'node:crypto';
import { isCatalogPublisherClientId } from '@trackwell/contracts';
import type Provider from 'oidc-provider';
import type { RevocationList } from '../../auth/revocation-list.ts';

/** What the issuer does around oidc-provider's own handling of a request. */

/**
 * A publisher client's secret is stored as its SHA-256 hex only (like the publisher API keys), so the
 * presented secret is hashed before oidc-provider's constant-time comparison.
 */
export function hashPublisherClientSecrets(provider: Provider): void {
  const compareClientSecret = provider.Client.prototype.compareClientSecret;
  provider.Client.prototype.compareClientSecret = function (this: { clientId: string }, actual: string) {
    const presented = isCatalogPublisherClientId(this.clientId)
      ? createHash('sha256').update(String(actual)).digest('hex')
      : actual;
    return compareClientSecret.call(this, presented);
  };
}

/**
 * RP-initiated sign-out (/v1/logout, confirmed) revokes the user's access tokens, like
 * DELETE /api/v1/sessions/me; awaited before the redirect answers, so the next call already sees it.
 */
export function revokeTokensOnSignOut(
  provider: Provider,
  revocations: Pick<RevocationList, 'revokeUserTokens'>,
  tenantId: string,
): void {
  provider.use(async (ctx, next) => {
    await next();
    const accountId = ctx.oidc?.route === 'end_session_confirm' ? ctx.oidc.session?.accountId : undefined;
    if (accountId && ctx.status >= 300 && ctx.status < 400)
      await revocations.revokeUserTokens(tenantId, String(accountId), 'sign-out');
  });
}

/**
 * The token answer as Okta's: it names every granted scope, and a dead refresh token gets Okta's wording
 * (client_credentials answers are left as the provider wrote them: the scope it actually granted).
 */
export function oktaTokenAnswers(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token') return;
    const body = ctx.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
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
}
