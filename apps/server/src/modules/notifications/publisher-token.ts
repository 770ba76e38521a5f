import { CATALOG_CHANGES_SCOPE, isCatalogPublisherClientId } from '@trackwell/contracts';
import { decodeJwt, type JWTPayload } from 'jose';
import { createIssuerJwtVerifier, InvalidAccessTokenError } from '../auth/access-token.ts';

/**
 * The change feed's OAuth 2.0 credential: a client-credentials access token of the host's tenant issuer,
 * verified by the same issuer checks as user tokens (`createIssuerJwtVerifier` in `auth/access-token.ts`:
 * RS256 against the issuer's JWKS at `${issuer}/v1/keys`, `iss` = this tenant's issuer, `aud` = api://default,
 * `exp`/`nbf` current), then checked for what a publisher needs: scope `catalog.changes` and a publisher
 * client id (`cid`). The caller checks that the client still exists. Tokens of another tenant fail the issuer
 * check.
 */

export class PublisherTokenError extends Error {
  readonly status: 401 | 403;
  constructor(status: 401 | 403, message: string) {
    super(message);
    this.status = status;
    this.name = 'PublisherTokenError';
  }
}

/** Whether a bearer credential is a JWT (an access token) rather than a `twc_…` API key. */
export const looksLikeJwt = (credential: string) => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(credential);

export interface PublisherTokenClaims {
  clientId: string;
  scopes: string[];
}

export function createPublisherTokenVerifier() {
  const issuerJwts = createIssuerJwtVerifier();

  return {
    async verify(token: string, issuer: string): Promise<PublisherTokenClaims> {
      // Said first and plainly: a token of another store (or another issuer) is not for this store.
      let claimedIssuer: unknown;
      try {
        claimedIssuer = decodeJwt(token).iss;
      } catch {
        throw new PublisherTokenError(401, 'The access token is not valid.');
      }
      if (claimedIssuer !== issuer) {
        throw new PublisherTokenError(
          401,
          "The access token was not issued by this store's identity provider (a token of another store?).",
        );
      }
      let payload: JWTPayload;
      try {
        payload = await issuerJwts.verify(token, issuer, ['exp']);
      } catch (error) {
        if (error instanceof InvalidAccessTokenError) throw new PublisherTokenError(401, error.message);
        throw error;
      }
      const cid = typeof payload.cid === 'string' ? payload.cid : undefined;
      if (!cid || !isCatalogPublisherClientId(cid)) {
        throw new PublisherTokenError(
          403,
          'This access token was not issued to a publisher client: use a client made with `npm run catalog:changes -- --create-client`.',
        );
      }
      const scopes = Array.isArray(payload.scp) ? payload.scp.filter((s) => typeof s === 'string') : [];
      if (!scopes.includes(CATALOG_CHANGES_SCOPE)) {
        throw new PublisherTokenError(
          403,
          `The access token lacks scope ${CATALOG_CHANGES_SCOPE} (ask for it: scope=${CATALOG_CHANGES_SCOPE}).`,
        );
      }
      return { clientId: cid, scopes };
    },
  };
}
