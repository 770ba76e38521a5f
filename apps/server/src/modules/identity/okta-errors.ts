import { randomBytes } from 'node:crypto';
import { type OktaError, oktaError } from '@trackwell/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { UnsafeInputError } from '../../http/unsafe-strings-guard.ts';

/**
 * Okta's error JSON for the hand-written Okta endpoints (authn, sessions, MyAccount): one factory per code,
 * with Okta's own status and summary, because okta-auth-js keys behaviour on them (E0000011 clears the
 * stored stateToken; AuthApiError carries errorCode and errorSummary to the UI).
 */
export class OktaApiError extends Error {
  readonly statusCode: number;
  readonly errorCode: string;
  readonly causes: string[];
  readonly headers: Record<string, string>;
  constructor(statusCode: number, errorCode: string, summary: string, causes: string[] = [], headers = {}) {
    super(summary);
    this.name = 'OktaApiError';
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.causes = causes;
    this.headers = headers;
  }
}

/** The cause of a sign-in refused because the account is deactivated or locked by an administrator. */
export const ACCOUNT_NOT_ACTIVE_CAUSE = 'The account is not active.';

export const oktaErrors = {
  validation: (cause: string) => new OktaApiError(400, 'E0000001', 'Api validation failed', [cause]),
  malformedBody: () => new OktaApiError(400, 'E0000003', 'The request body was not well-formed.'),
  authenticationFailed: () => new OktaApiError(401, 'E0000004', 'Authentication failed'),
  /** Okta's E0000004 with a cause, given only after the right password: no account enumeration. */
  accountNotActive: () =>
    new OktaApiError(401, 'E0000004', 'Authentication failed', [ACCOUNT_NOT_ACTIVE_CAUSE]),
  notFound: (what: string) => new OktaApiError(404, 'E0000007', `Not found: Resource not found: ${what}`),
  invalidToken: () => new OktaApiError(401, 'E0000011', 'Invalid token provided'),
  forbidden: () =>
    new OktaApiError(403, 'E0000006', 'You do not have permission to perform the requested action'),
  invalidSession: () => new OktaApiError(401, 'E0000005', 'Invalid session'),
  rateLimited: () =>
    new OktaApiError(429, 'E0000047', 'API call exceeded rate limit due to too many requests.', [], {
      'retry-after': '60',
    }),
  invalidPasscode: () =>
    new OktaApiError(403, 'E0000068', 'Invalid Passcode/Answer', [
      "Your passcode doesn't match our records. Please try again.",
    ]),
  /** Okta's answer to a wrong recovery-question answer (okta-auth-js fixture error-wrong-answer.js). */
  wrongRecoveryAnswer: () =>
    new OktaApiError(403, 'E0000087', 'The recovery question answer did not match our records.'),
  passwordRequirements: (cause: string) =>
    new OktaApiError(
      403,
      'E0000080',
      'The password does not meet the complexity requirements of the current password policy.',
      [cause],
    ),
  oldPasswordWrong: () =>
    new OktaApiError(403, 'E0000014', 'Update of credentials failed', ['Old Password is not correct']),
  methodNotAllowed: () =>
    new OktaApiError(405, 'E0000022', 'The endpoint does not support the provided HTTP method'),
};

/** The Okta error answers a route with a schema documents (its error handler below makes them all). */
export const OKTA_ERROR_RESPONSES = {
  400: oktaError.meta({
    description: 'E0000001 a field is refused (the cause says which); E0000003 the body is no JSON object.',
  }),
  401: oktaError.meta({
    description: 'E0000004 wrong username or password; E0000011 the stateToken is unknown, used or expired.',
  }),
  403: oktaError.meta({
    description:
      'E0000068 wrong code; E0000080 the password policy; E0000014 wrong old password; E0000087 wrong answer.',
  }),
  404: oktaError.meta({
    description: 'E0000007 no such factor, or this host is no store of the embedded identity provider.',
  }),
  429: oktaError.meta({ description: 'E0000047 too many attempts; wait a minute (see retry-after).' }),
  500: oktaError.meta({ description: 'E0000009 an internal error (logged; no detail is given).' }),
};

export function toOktaErrorBody(error: OktaApiError): OktaError {
  return {
    errorCode: error.errorCode,
    errorSummary: error.message,
    errorLink: error.errorCode,
    errorId: `oae${randomBytes(11).toString('base64url')}`,
    errorCauses: error.causes.map((errorSummary) => ({ errorSummary })),
  };
}

/** In an encapsulated plugin: every error becomes Okta error JSON (malformed JSON → E0000003, 5xx hidden). */
export function useOktaErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let okta: OktaApiError;
    if (err instanceof OktaApiError) okta = err;
    else if (err instanceof UnsafeInputError)
      okta = oktaErrors.validation(`${err.field}: ${err.extra.issues?.[0]?.message ?? 'is invalid'}`);
    else if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    )
      okta = oktaErrors.malformedBody();
    else if (err.validationContext === 'body' && err.validation?.some((issue) => issue.instancePath === '/'))
      okta = oktaErrors.malformedBody(); // a body that is no JSON object (a route's schema says so)
    else if (err.validation) okta = oktaErrors.validation(err.message);
    else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') okta = oktaErrors.malformedBody();
    else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      okta = new OktaApiError(err.statusCode, 'E0000001', err.message);
    else {
      request.log.error({ err }, 'identity: unhandled error');
      okta = new OktaApiError(500, 'E0000009', 'Internal Server Error');
    }
    return reply
      .code(okta.statusCode)
      .headers(okta.headers)
      .type('application/json')
      .send(toOktaErrorBody(okta));
  });
}
