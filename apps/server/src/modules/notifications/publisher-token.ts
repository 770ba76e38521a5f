import { request as httpRequest } from 'node:http';
import { CATALOG_CHANGES_SCOPE, isCatalogPublisherClientId } from '@trackwell/contracts';
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  type FetchImplementation,
  type JWTPayload,
  jwtVerify,
  type RemoteJWKSet,
} from 'jose';
import { API_AUDIENCE } from '../auth/access-token.ts';

/**
 * The change feed's OAuth 2.0 credential: a client-credentials access token of the host's tenant issuer,
 * verified the way `auth/access-token.ts` verifies user tokens (RS256 against the issuer's JWKS at
 * `${issuer}/v1/keys`, `iss` = this tenant's issuer, `aud` = api://default, `exp`/`nbf` current), then
 * checked for what a publisher needs: scope `catalog.changes` and a publisher client id (`cid`). The
 * caller checks that the client still exists. Tokens of another tenant fail the issuer check.
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

/**
 * `*.localhost` issuers (the embedded IdP under `npm start`) are fetched from 127.0.0.1 with the Host header
 * kept, as in auth/access-token.ts; every other issuer is fetched normally.
 */
const loopbackAwareFetch: FetchImplementation = async (url, options) => {
  const u = new URL(url);
  if (u.protocol !== 'http:' || !u.hostname.endsWith('.localhost')) return fetch(url, options);
  return new Promise<Response>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: u.port || 80,
        path: `${u.pathname}${u.search}`,
        method: 'GET',
        headers: { ...Object.fromEntries(new Headers(options.headers)), host: u.host },
        signal: options.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve(
            new Response(Buffer.concat(chunks), {
              status: res.statusCode ?? 502,
              headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
            }),
          ),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
};

const JWKS_CACHE_MAX = 1_000;

export interface PublisherTokenClaims {
  clientId: string;
  scopes: string[];
}

export function createPublisherTokenVerifier() {
  const jwksByIssuer = new Map<string, RemoteJWKSet>();
  const jwksFor = (issuer: string) => {
    let jwks = jwksByIssuer.get(issuer);
    if (!jwks) {
      if (jwksByIssuer.size >= JWKS_CACHE_MAX) jwksByIssuer.delete(jwksByIssuer.keys().next().value!);
      jwks = createRemoteJWKSet(new URL(`${issuer.replace(/\/$/, '')}/v1/keys`), {
        timeoutDuration: 5_000,
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
        [customFetch]: loopbackAwareFetch,
      });
      jwksByIssuer.set(issuer, jwks);
    }
    return jwks;
  };

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
        ({ payload } = await jwtVerify(token, jwksFor(issuer), {
          issuer,
          audience: API_AUDIENCE,
          algorithms: ['RS256'],
          clockTolerance: 5,
          requiredClaims: ['exp'],
        }));
      } catch (error) {
        throw new PublisherTokenError(401, describe(error));
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

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'The access token has expired.';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = (error as { claim?: string }).claim;
      if (claim === 'iss')
        return "The access token was not issued by this store's identity provider (a token of another store?).";
      if (claim === 'aud') return 'The access token is not meant for this API.';
      return `The access token's ${claim ?? 'claims'} are not valid.`;
    }
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return "The access token's signature does not verify with this store's issuer keys.";
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'The access token is signed with an algorithm this API does not accept.';
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JOSE_GENERIC':
      return "The store's identity provider keys could not be fetched; try again shortly.";
    default:
      return 'The access token is not valid.';
  }
}
