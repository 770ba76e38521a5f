import type { IncomingMessage } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { findUnsafeString } from '@trackwell/contracts';

/** oidc-provider's own limit for a request body (shared/selective_body.js). */
const PROVIDER_BODY_LIMIT = 56 * 1024;

/**
 * The OIDC provider's routes (token, revocation at the provider, logout form…) read their own request stream,
 * so the root guard never sees their body. This reads a form or JSON body first, checks it with the same rule
 * (`findUnsafeString`), and hands the provider the very same bytes as an unread stream again, so its own
 * parser runs as if nothing had read it (no "already parsed request body" fallback). Returns the unsafe
 * field (`body.client_id`), or undefined. A body the provider would refuse anyway (too large, not form or
 * JSON) is left untouched for the provider to answer.
 */
export async function checkProviderBody(raw: IncomingMessage): Promise<string | undefined> {
  if (raw.method !== 'POST') return undefined;
  const type = (raw.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const isForm = type === 'application/x-www-form-urlencoded';
  if (!isForm && type !== 'application/json') return undefined;
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > PROVIDER_BODY_LIMIT) return undefined;

  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of raw.iterator({ destroyOnReturn: false })) {
    chunks.push(chunk as Buffer);
    received += (chunk as Buffer).length;
    if (received > PROVIDER_BODY_LIMIT) break;
  }
  const bytes = Buffer.concat(chunks);
  replay(raw, bytes);
  if (received > PROVIDER_BODY_LIMIT) return undefined;

  const text = bytes.toString('utf8');
  if (isForm) return findUnsafeString(parseQueryString(text), 'body');
  try {
    return findUnsafeString(JSON.parse(text), 'body');
  } catch {
    return undefined; // not JSON: the provider answers invalid_request itself
  }
}

/** Makes the request readable again with `bytes` as its body, for the provider's `req.iterator()`. */
function replay(raw: IncomingMessage, bytes: Buffer): void {
  Object.defineProperty(raw, 'readable', { value: true, configurable: true });
  Object.defineProperty(raw, 'iterator', {
    configurable: true,
    value: async function* () {
      if (bytes.length > 0) yield bytes;
    },
  });
}
