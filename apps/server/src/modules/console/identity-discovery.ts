import { CONSOLE_IDENTITY_TEST, type ConsoleIdentityTestAnswer } from '@trackwell/contracts';
import { OutboundFailure, outboundGet } from '../../http/outbound-fetch.ts';

/*
 * The identity "test connection", framework-free: fetch the issuer's OpenID Connect discovery
 * document behind the request forgery guard and say, for people, whether it is usable. Never throws for
 * anything the issuer does: every failure is an `{ ok: false, reason }`.
 */

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

const text = (doc: Record<string, unknown>, key: string) =>
  typeof doc[key] === 'string' && doc[key] !== '' ? (doc[key] as string) : undefined;

/** Whether `body` is a discovery document of `issuer`, and its endpoints. */
export function readDiscovery(issuer: string, body: Buffer): ConsoleIdentityTestAnswer {
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'the discovery document is not JSON' };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { ok: false, reason: 'the discovery document is not a JSON object' };
  const d = doc as Record<string, unknown>;
  const named = text(d, 'issuer');
  if (named !== issuer)
    return {
      ok: false,
      reason: `issuer mismatch: the document names ${named === undefined ? 'no issuer' : JSON.stringify(named)}, not ${JSON.stringify(issuer)}`,
    };
  const authorizationEndpoint = text(d, 'authorization_endpoint');
  const tokenEndpoint = text(d, 'token_endpoint');
  const jwksUri = text(d, 'jwks_uri');
  if (!authorizationEndpoint || !tokenEndpoint || !jwksUri)
    return {
      ok: false,
      reason: 'the discovery document lacks authorization_endpoint, token_endpoint or jwks_uri',
    };
  return { ok: true, issuer, authorizationEndpoint, tokenEndpoint, jwksUri };
}

/** Fetches and reads `issuer`'s discovery document (see above). */
export async function testIdentityIssuer(
  issuer: string,
  options: { allowPrivate: boolean; lookup?: (host: string) => Promise<string[]> },
): Promise<ConsoleIdentityTestAnswer> {
  try {
    const answer = await outboundGet(discoveryUrl(issuer), { ...CONSOLE_IDENTITY_TEST, ...options });
    if (answer.status !== 200)
      return { ok: false, reason: `the discovery document answered HTTP ${answer.status}, not 200` };
    return readDiscovery(issuer, answer.body);
  } catch (error) {
    if (error instanceof OutboundFailure) return { ok: false, reason: error.message };
    throw error;
  }
}
