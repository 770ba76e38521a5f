import { createHash, randomBytes } from 'node:crypto';
import { MYACCOUNT_SCOPES } from '@trackwell/contracts';
import { createIdentityUser, hashPassword, type IdentityUser } from '@trackwell/db';
import type { FastifyInstance } from 'fastify';

/**
 * A signed-in user of a tenant's embedded IdP through `inject` alone, as the portal does it: authn (password →
 * sessionToken), authorize with PKCE (→ code), token (→ access token with the MyAccount scopes).
 */

export const EMBEDDED_PASSWORD = 'Correct-horse-9';
const b64url = (b: Buffer) => b.toString('base64url');

/** Every such user has EMBEDDED_PASSWORD: its scrypt hash (~110 ms of a core) is made once per test process. */
let embeddedPasswordHash: Promise<string> | undefined;

export async function createEmbeddedUser(
  app: FastifyInstance,
  tenantId: string,
  login = `u${randomBytes(4).toString('hex')}@example.test`,
): Promise<IdentityUser> {
  embeddedPasswordHash ??= hashPassword(EMBEDDED_PASSWORD);
  const passwordHash = await embeddedPasswordHash;
  return app.db.transaction((tx) =>
    createIdentityUser(tx, tenantId, { login, firstName: 'Ada', lastName: 'Lovelace', passwordHash }),
  );
}

export async function embeddedAccessToken(
  app: FastifyInstance,
  host: string,
  clientId: string,
  login: string,
): Promise<string> {
  return (await embeddedTokens(app, host, clientId, login)).access_token;
}

/** The token endpoint's whole answer (access token and ID token) for a sign-in as `login`. */
export async function embeddedTokens(
  app: FastifyInstance,
  host: string,
  clientId: string,
  login: string,
  password = EMBEDDED_PASSWORD,
  myAccountScopes: readonly string[] = MYACCOUNT_SCOPES,
): Promise<{ access_token: string; id_token: string }> {
  const headers = { host, 'content-type': 'application/json', accept: 'application/json' };
  const authn = await app.inject({
    method: 'POST',
    url: '/api/v1/authn',
    headers,
    payload: { username: login, password },
  });
  const { sessionToken } = authn.json() as { sessionToken?: string };
  if (!sessionToken) throw new Error(`authn ${authn.statusCode}: ${authn.body}`);
  const verifier = b64url(randomBytes(32));
  const redirectUri = `http://${host}/implicit/callback`;
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: ['openid', 'profile', 'email', ...myAccountScopes].join(' '),
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    sessionToken,
  });
  const authorize = await app.inject({
    method: 'GET',
    url: `/oauth2/default/v1/authorize?${params}`,
    headers: { host },
  });
  const code = new URL(String(authorize.headers.location ?? ''), `http://${host}`).searchParams.get('code');
  if (!code) throw new Error(`authorize ${authorize.statusCode}: ${authorize.body}`);
  const token = await app.inject({
    method: 'POST',
    url: '/oauth2/default/v1/token',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code,
      code_verifier: verifier,
    }).toString(),
  });
  const answer = token.json() as { access_token?: string; id_token?: string };
  if (!answer.access_token || !answer.id_token) throw new Error(`token ${token.statusCode}: ${token.body}`);
  return { access_token: answer.access_token, id_token: answer.id_token };
}
