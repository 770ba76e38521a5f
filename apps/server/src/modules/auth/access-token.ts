import { request as httpRequest } from 'node:http';
import { ACCESS_TOKEN_AUDIENCE } from '@trackwell/contracts';
import {
  createRemoteJWKSet,
  customFetch,
  type FetchImplementation,
  type JWTPayload,
  jwtVerify,
  type RemoteJWKSet,
} from 'jose';

/**
 * Verifies bearer access tokens against the tenant's issuer, the way any resource server of an Okta
 * authorization server does, so the embedded identity provider and a real Okta org work the same:
 *  - the signing key comes from the issuer's JWKS at `${issuer}/v1/keys` (Okta's layout), fetched and cached
 *    per issuer by jose (refetched when a token names an unknown key id);
 *  - RS256 only; `iss` must be the tenant's issuer, `aud` the API audience, `exp`/`nbf` current
 *    (small clock tolerance); `cid` the tenant's client id; `scp` must include the required scopes.
 * A verified token is remembered for at most a minute (bounded), so a page's burst of calls costs one
 * signature check. Revocation is not decided here: auth/plugin.ts checks it on every request, after this cache.
 */

/** The audience of access tokens for Trackwell's APIs (Okta's default authorization server). */
export const API_AUDIENCE = ACCESS_TOKEN_AUDIENCE;
/** Scopes every API call needs (spec §9 sign-in scopes). */
export const REQUIRED_SCOPES = ['openid'] as const;
const CLOCK_TOLERANCE_SECONDS = 5;
const VERIFIED_CACHE_MS = 60_000;
const VERIFIED_CACHE_MAX = 10_000;
const JWKS_CACHE_MAX = 1_000;

export interface AccessTokenClaims {
  /** The user's id (users.id for the embedded IdP). */
  uid: string | undefined;
  /** The user's login (e-mail). */
  sub: string;
  cid: string | undefined;
  scp: string[];
  exp: number;
  /** Issued at (epoch seconds) and token id: what a revocation names (auth/revocation-list.ts). */
  iat: number | undefined;
  jti: string | undefined;
  /** The embedded issuer's claim: the user's last revocation `seq` when the token was issued. */
  rev: number | undefined;
}

/** Why a token was refused: said to the client in the 401 (never which key or secret was involved). */
export class InvalidAccessTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAccessTokenError';
  }
}

export interface AccessTokenVerifier {
  verify(token: string, expected: { issuer: string; clientId: string }): Promise<AccessTokenClaims>;
}

/**
 * `*.localhost` names loopback (RFC 6761) but the system resolver may not know it; the embedded IdP's
 * issuers are such names (http://awwa.localhost:8080/oauth2/default). Those JWKS requests go to 127.0.0.1
 * with the Host header kept, so the right tenant answers. Every other issuer is fetched normally.
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

export interface IssuerJwtVerifier {
  /**
   * The checks every access token of a tenant issuer passes, a user's (below) or a publisher client's
   * (notifications/publisher-token.ts): RS256 signature by a key of the issuer's JWKS, `iss` = `issuer`,
   * `aud` = API_AUDIENCE, `exp`/`nbf` current, `requiredClaims` present. Throws InvalidAccessTokenError
   * saying why; the caller adds its own rules on the payload.
   */
  verify(token: string, issuer: string, requiredClaims: string[]): Promise<JWTPayload>;
}

/** Each verifier keeps its own bounded JWKS cache, one key set per issuer. */
export function createIssuerJwtVerifier(): IssuerJwtVerifier {
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
    async verify(token, issuer, requiredClaims) {
      try {
        const { payload } = await jwtVerify(token, jwksFor(issuer), {
          issuer,
          audience: API_AUDIENCE,
          algorithms: ['RS256'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims,
        });
        return payload;
      } catch (error) {
        throw new InvalidAccessTokenError(describeJoseError(error));
      }
    },
  };
}

export function createAccessTokenVerifier(): AccessTokenVerifier {
  const issuerJwts = createIssuerJwtVerifier();
  // By the token itself (not a key built around it on every call); a hit also needs the same issuer and client.
  const verified = new Map<
    string,
    { claims: AccessTokenClaims; until: number; issuer: string; clientId: string }
  >();

  return {
    async verify(token, expected) {
      const now = Date.now();
      const hit = verified.get(token);
      if (hit && hit.until > now && hit.issuer === expected.issuer && hit.clientId === expected.clientId)
        return hit.claims;

      const payload = await issuerJwts.verify(token, expected.issuer, ['exp', 'sub']);
      const scp = Array.isArray(payload.scp) ? payload.scp.filter((s) => typeof s === 'string') : [];
      const missing = REQUIRED_SCOPES.filter((s) => !scp.includes(s));
      if (missing.length > 0)
        throw new InvalidAccessTokenError(`The access token lacks scope ${missing.join(', ')}.`);
      if (payload.cid !== expected.clientId) {
        throw new InvalidAccessTokenError('The access token was issued to another client.');
      }
      const claims: AccessTokenClaims = {
        uid: typeof payload.uid === 'string' ? payload.uid : undefined,
        sub: payload.sub!,
        cid: typeof payload.cid === 'string' ? payload.cid : undefined,
        scp,
        exp: payload.exp!,
        iat: typeof payload.iat === 'number' ? payload.iat : undefined,
        jti: typeof payload.jti === 'string' ? payload.jti : undefined,
        rev: Number.isSafeInteger(payload.rev) ? (payload.rev as number) : undefined,
      };
      verified.delete(token); // re-inserted last, so the bound drops the oldest
      if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
      const until = Math.min(now + VERIFIED_CACHE_MS, claims.exp * 1000);
      verified.set(token, { claims, until, issuer: expected.issuer, clientId: expected.clientId });
      return claims;
    },
  };
}

function describeJoseError(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'The access token has expired.';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = (error as { claim?: string }).claim;
      if (claim === 'iss') return "The access token was not issued by this store's identity provider.";
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
