import type { OktaAuth } from '@okta/okta-auth-js';
import { WEBAUTHN_PATHS } from '@trackwell/contracts';
import { forgetMyAccountAccessToken, myAccountAccessToken } from './myaccount-token.ts';

/**
 * The user's passkeys through the MyAccount API (`okta.myAccount.webauthn.*`) with the account
 * area's own token. Adding one asks the server for options, lets the browser create the credential
 * (@simplewebauthn/browser, fetched only then) and sends its answer back. A refusal is thrown as Okta's
 * error JSON, as okta-auth-js throws it, so `myAccountErrorKind` reads it the same way.
 */

export type AccountPasskey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

async function call(oktaAuth: OktaAuth, method: string, path: string, body?: object): Promise<Response> {
  const token = await myAccountAccessToken(oktaAuth);
  const response = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.ok) return response;
  if (response.status === 401) forgetMyAccountAccessToken(oktaAuth);
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  throw Object.assign(new Error(String(answer.errorSummary ?? response.statusText)), {
    ...answer,
    xhr: { status: response.status },
  });
}

export function createPasskeysClient(oktaAuth: OktaAuth) {
  return {
    async list(): Promise<AccountPasskey[]> {
      return (await (await call(oktaAuth, 'GET', WEBAUTHN_PATHS.passkeys)).json()) as AccountPasskey[];
    },
    /** Creates a passkey on this device (the browser asks the user) and registers it. */
    async add(name: string): Promise<AccountPasskey> {
      const { options } = (await (await call(oktaAuth, 'POST', WEBAUTHN_PATHS.registration)).json()) as {
        options: Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON'];
      };
      const { startRegistration } = await import('@simplewebauthn/browser');
      const credential = await startRegistration({ optionsJSON: options });
      const saved = await call(oktaAuth, 'POST', WEBAUTHN_PATHS.passkeys, { credential, name });
      return (await saved.json()) as AccountPasskey;
    },
    async rename(id: string, name: string): Promise<AccountPasskey> {
      const path = WEBAUTHN_PATHS.passkey.replace(':id', encodeURIComponent(id));
      return (await (await call(oktaAuth, 'PUT', path, { name })).json()) as AccountPasskey;
    },
    async remove(id: string): Promise<void> {
      await call(oktaAuth, 'DELETE', WEBAUTHN_PATHS.passkey.replace(':id', encodeURIComponent(id)));
    },
  };
}
export type PasskeysClient = ReturnType<typeof createPasskeysClient>;
