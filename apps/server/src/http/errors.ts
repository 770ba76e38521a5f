import type { ErrorEnvelope } from '@trackwell/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * One error type for everything the API refuses on purpose, built by one factory per kind, each with a
 * stable `error` id. The handler below turns these, Fastify's own errors and anything unexpected into
 * the same envelope; an unexpected error is logged with its stack and answered without it.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly extra: Partial<ErrorEnvelope>;
  constructor(statusCode: number, error: string, message: string, extra: Partial<ErrorEnvelope> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.error = error;
    this.extra = extra;
  }
}

export const badRequest = (message: string, issues?: ErrorEnvelope['issues']) =>
  new HttpError(400, 'validation_error', message, issues ? { issues } : {});
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
/** 401: no valid bearer access token for this tenant (missing, expired, wrong issuer, unknown user). */
export const unauthorized = (message = 'A valid access token is required.') =>
  new HttpError(401, 'unauthorized', message);
/** 403: the caller is known but may not do this (e.g. names another user). Nothing was read or changed. */
export const forbidden = (message = 'You may not do this.') => new HttpError(403, 'forbidden', message);
/** 429: too many requests from one user in the rate-limit window. */
export const tooManyRequests = (message = 'Too many requests: slow down and try again shortly.') =>
  new HttpError(429, 'too_many_requests', message);
/** 404: the request's host selects no store (unknown, or not an exact registered host and served port). */
export const tenantNotFound = (support: NonNullable<ErrorEnvelope['support']>) =>
  new HttpError(404, 'tenant_not_found', 'No store is configured for this address.', { support });

const envelope = (statusCode: number, error: string, message: string, extra: Partial<ErrorEnvelope> = {}) =>
  ({ status: String(statusCode), error, message, ...extra }) satisfies ErrorEnvelope;

// Fastify's own client errors, mapped to stable ids and plain messages.
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'This content type is not accepted here.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'The Content-Length does not match the body.'],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(envelope(err.statusCode, err.error, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: `${err.validationContext ?? 'request'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'is invalid',
      }));
      return reply.code(400).send(envelope(400, 'validation_error', 'The request is not valid.', { issues }));
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.code(known[0]).send(envelope(...known));
    if (err instanceof SyntaxError && err.statusCode === 400) {
      return reply.code(400).send(envelope(400, 'invalid_json', 'The request body is not valid JSON.'));
    }
    const statusCode = err.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Other deliberate 4xx from plugins (rate limit, etc.): their message is meant for the client.
      return reply.code(statusCode).send(envelope(statusCode, err.code ?? 'bad_request', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send(envelope(500, 'internal_error', `Something went wrong on our side (request ${request.id}).`));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(envelope(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`));
  });
}
