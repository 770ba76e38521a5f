import { REGISTRATION_PATHS } from '@trackwell/contracts';
import type { AuthnErrorKey } from '../lib/authn-errors.ts';

/**
 * Self-registration's two calls on the store's own origin, and what their refusals mean for
 * the form: a field the server named (400), or one of the sign-in page's messages.
 */

export const REGISTRATION_FIELDS = ['email', 'firstName', 'lastName', 'password', 'acceptTerms'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  acceptTerms: boolean;
}

/** A refusal: the field the server named (bad input), else the message to show. */
export class RegistrationError extends Error {
  readonly key: AuthnErrorKey;
  readonly field: RegistrationField | undefined;
  constructor(key: AuthnErrorKey, field?: RegistrationField) {
    super(key);
    this.key = key;
    this.field = field;
  }
}

function errorOf(status: number, body: { errorCode?: string; errorCauses?: { errorSummary?: string }[] }) {
  if (status === 400) {
    const causes = (body.errorCauses ?? []).map((c) => c.errorSummary ?? '').join(' ');
    const field = REGISTRATION_FIELDS.find((name) => new RegExp(`\\b${name}\\b`).test(causes));
    return new RegistrationError(field === 'password' ? 'errors.passwordPolicy' : 'errors.unknown', field);
  }
  if (status === 403) return new RegistrationError('errors.wrongCode');
  if (status === 401 || status === 404) return new RegistrationError('errors.expired');
  if (status === 429) return new RegistrationError('errors.rateLimited');
  return new RegistrationError('errors.server');
}

async function post<T>(path: string, body: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new RegistrationError('errors.network');
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, never>;
  if (!res.ok) throw errorOf(res.status, json);
  return json as T;
}

/** Answers the same whether or not the address has an account: go on to the code. */
export const startRegistration = (input: RegistrationInput) =>
  post<{ registrationToken: string }>(REGISTRATION_PATHS.register, input);

export const verifyRegistration = (registrationToken: string, passCode: string) =>
  post<{ status: 'ACTIVE'; login: string }>(REGISTRATION_PATHS.verify, { registrationToken, passCode });
