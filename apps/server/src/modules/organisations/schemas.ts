import { errorEnvelope } from '@trackwell/contracts';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';

/** What every organisation route documents: its tag, the bearer token, and the error answers it can give. */
export const tags = ['organisations'];
export const security = BEARER_SECURITY;
const { 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 } = errorResponses;
const e409 = errorEnvelope.meta({
  description:
    'The organisation’s state refuses it (seat limit, last owner, name taken, already a member or invited): ' +
    'nothing was changed.',
});
export const errors = { 400: e400, 401: e401, 403: e403, 404: e404, 429: e429 };
export const writeErrors = { ...errors, 409: e409 };
