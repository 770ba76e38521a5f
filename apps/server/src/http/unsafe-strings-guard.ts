import { findUnsafeString } from '@trackwell/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * 400 for an input string the database cannot store (NUL, invalid UTF-16/UTF-8: the rule is
 * `findUnsafeString` in @trackwell/contracts), naming the field. Each route family answers it in its own
 * shape: the API envelope here, Okta's E0000001 in the identity scope (okta-errors.ts).
 */
export class UnsafeInputError extends HttpError {
  readonly field: string;
  constructor(field: string, message = 'contains a NUL character or invalid UTF-8') {
    super(400, 'validation_error', 'The request is not valid.', { issues: [{ path: field, message }] });
    this.field = field;
  }
}

/** The first unsafe field among the request's parsed parts, or undefined. */
export function unsafeRequestField(
  request: FastifyRequest,
  parts: ReadonlyArray<'headers' | 'params' | 'query' | 'body'>,
): string | undefined {
  for (const part of parts) {
    const field = findUnsafeString(request[part], part);
    if (field) return field;
  }
  return undefined;
}

/**
 * A header value no HTTP parser delivers (RFC 9110 field-value: visible ASCII, obs-text, space and tab):
 * Node's parser refuses such requests, but embedders (`inject`) do not, and a library echoing the value into a
 * response header (oidc-provider's CORS echoes Origin) would throw. Names the header, or undefined.
 */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
function invalidHeaderField(headers: FastifyRequest['headers']): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    for (const v of [value].flat())
      if (typeof v === 'string' && !FIELD_VALUE.test(v)) return `headers.${name}`;
  }
  return undefined;
}

/**
 * Whether every header name and value is a valid field value: the case of every request a real HTTP parser
 * delivered. Such a header holds no NUL and no surrogate (both outside FIELD_VALUE), so neither rule below can
 * refuse it, and one pattern per header answers for both. Anything else (an array value, a character outside
 * the range) goes through both rules, which say which applies.
 */
function plainFieldValues(headers: FastifyRequest['headers']): boolean {
  for (const name in headers) {
    const value = headers[name];
    if (
      !FIELD_VALUE.test(name) ||
      (value !== undefined && (typeof value !== 'string' || !FIELD_VALUE.test(value)))
    )
      return false;
  }
  return true;
}

/** What the guard refuses in the headers (checked before authentication, which reads them), if anything. */
export function refusedHeader(headers: FastifyRequest['headers']): UnsafeInputError | undefined {
  if (plainFieldValues(headers)) return undefined;
  const field = findUnsafeString(headers, 'headers');
  if (field) return new UnsafeInputError(field);
  const header = invalidHeaderField(headers);
  if (header) return new UnsafeInputError(header, 'is not a valid HTTP header value');
  return undefined;
}

/**
 * One guard for every route, registered once at the root:
 * - onRequest: the headers, before anything reads them (the Host selects a tenant in the database, the
 *   credentials are looked up), which must also be valid HTTP field values;
 * - preValidation: params, query and body once parsed, before the schema and the handler. Authenticated
 *   routes authenticate in onRequest, so an anonymous caller gets 401 before this says anything.
 * The OIDC provider's own routes read their body themselves and call `unsafeRequestField` there.
 */
export function registerUnsafeStringGuard(app: FastifyInstance): void {
  // Synchronous checks on every request: callback hooks, no promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusedHeader(request.headers));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const field = unsafeRequestField(request, ['params', 'query', 'body']);
    done(field ? new UnsafeInputError(field) : undefined);
  });
}
