import { ACCESS_TOKEN_AUDIENCE, type AccessTokenClaims, accessTokenClaims } from '@trackwell/contracts';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { RevocationList } from '../auth/revocation-list.ts';
import type { TenantIdp } from './provider.ts';

/**
 * Verifies an access token this tenant's issuer signed: RS256 with the tenant's key (the one its `kid` names:
 * the current key, or a rotation's previous one until it is retired), `iss` = the issuer at
 * this origin, `aud` = api://default, not expired. A token of another tenant (another key, another issuer)
 * fails here — that is the isolation between tenants. A revoked token (by its jti, or by its user's cut-off:
 * sign-out, password reset or change, deactivation) fails too (auth/revocation-list.ts).
 */
export class InvalidAccessToken extends Error {
  readonly reason: 'missing' | 'invalid' | 'expired';
  constructor(reason: 'missing' | 'invalid' | 'expired', message: string) {
    super(message);
    this.name = 'InvalidAccessToken';
    this.reason = reason;
  }
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

export async function verifyAccessToken(
  idp: TenantIdp,
  revocations: RevocationList,
  authorization: string | undefined,
): Promise<AccessTokenClaims> {
  const token = bearerToken(authorization);
  if (!token) throw new InvalidAccessToken('missing', 'No bearer access token.');
  try {
    const keyOf = (header: { kid?: string | undefined }) => {
      const key = header.kid === undefined ? undefined : idp.publicKeys.get(header.kid);
      if (!key) throw new InvalidAccessToken('invalid', 'The access token is invalid.');
      return key;
    };
    const { payload } = await jwtVerify(token, keyOf, {
      issuer: idp.issuer,
      audience: ACCESS_TOKEN_AUDIENCE,
      algorithms: ['RS256'],
      typ: 'at+jwt',
    });
    const claims = accessTokenClaims.safeParse(payload);
    if (!claims.success || claims.data.cid !== idp.clientId)
      throw new InvalidAccessToken('invalid', 'The access token is invalid.');
    const { jti, uid, iat, rev } = claims.data;
    if (revocations.isRevoked(idp.tenant.id, { jti, userId: uid, iat, rev }))
      throw new InvalidAccessToken('invalid', 'The access token has been revoked.');
    return claims.data;
  } catch (error) {
    if (error instanceof InvalidAccessToken) throw error;
    if (error instanceof joseErrors.JWTExpired)
      throw new InvalidAccessToken('expired', 'The access token has expired.');
    throw new InvalidAccessToken('invalid', 'The access token is invalid.');
  }
}

/** RFC 6750 WWW-Authenticate for a refused bearer token. */
export const wwwAuthenticate = (error: InvalidAccessToken) =>
  error.reason === 'missing'
    ? 'Bearer realm="IdP"'
    : `Bearer realm="IdP", error="invalid_token", error_description="${error.message}"`;
