import http from 'node:http';
import https from 'node:https';
import { assertPublicDestination, guardedLookup, OutboundRefused } from './outbound-guard.ts';

/*
 * One outgoing GET to an address a user gave, behind the request forgery guard (outbound-guard.ts): every
 * hop checked (redirects are followed by hand, at most `maxRedirects`, each destination checked again, and
 * the connection's own DNS lookup guarded), one deadline for the whole exchange, and at most `maxBytes` of
 * answer (read no further). Failures are OutboundFailure with a kind and a message for people.
 */

export type OutboundFailureKind = 'refused' | 'timeout' | 'unreachable' | 'too_large' | 'redirects';

export class OutboundFailure extends Error {
  readonly kind: OutboundFailureKind;
  constructor(kind: OutboundFailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface OutboundGetOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** The resolver for the destination check (tests). */
  lookup?: (host: string) => Promise<string[]>;
}

export interface OutboundAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The address finally answered from (after redirects). */
  url: string;
}

type Hop = { status: number; location?: string; contentType: string; body: Buffer };

function getOnce(url: URL, options: OutboundGetOptions, signal: AbortSignal): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options.allowPrivate) as never,
        headers: { accept: 'application/json', 'user-agent': 'Trackwell' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, contentType, body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          return reject(tooLarge(options.maxBytes));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(tooLarge(options.maxBytes));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const tooLarge = (max: number) => new OutboundFailure('too_large', `the answer is larger than ${max} bytes`);

function failureOf(error: unknown, url: URL, timeoutMs: number): OutboundFailure {
  if (error instanceof OutboundFailure) return error;
  if (error instanceof OutboundRefused) return new OutboundFailure('refused', error.message);
  if ((error as Error | null)?.name === 'AbortError')
    return new OutboundFailure('timeout', `${url.origin} did not answer within ${timeoutMs / 1000} s`);
  const code = (error as { code?: string } | null)?.code;
  return new OutboundFailure('unreachable', `${url.origin} is unreachable${code ? ` (${code})` : ''}`);
}

/** GET `target` behind the guard (see above); answers whatever status the destination gave. */
export async function outboundGet(target: string, options: OutboundGetOptions): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(target);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    try {
      ({ url } = await assertPublicDestination(url, options));
      const answer = await getOnce(url, options, signal);
      if (answer.location === undefined) return { ...answer, url: url.href };
      url = new URL(answer.location, url);
    } catch (error) {
      throw failureOf(
        signal.aborted ? Object.assign(new Error(), { name: 'AbortError' }) : error,
        url,
        options.timeoutMs,
      );
    }
  }
  throw new OutboundFailure('redirects', `${target} redirects too many times`);
}
