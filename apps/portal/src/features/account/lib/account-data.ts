import type { OktaAuth } from '@okta/okta-auth-js';
import { ACCOUNT_DATA_PATHS } from '@trackwell/contracts';
import { forgetMyAccountAccessToken, myAccountAccessToken } from './myaccount-token.ts';

/**
 * The account data calls (the embedded identity provider's additions to the MyAccount API:
 * devices, export, delete) with the account area's own MyAccount token. A refusal is thrown as Okta's error
 * JSON, as okta-auth-js throws it, so `myAccountErrorKind` reads it the same way (step-up, session, not found).
 */

export type AccountDevice = {
  id: string;
  browser: string;
  os: string;
  ipAddress: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
};

type Method = 'GET' | 'DELETE';

async function call(oktaAuth: OktaAuth, method: Method, path: string): Promise<Response> {
  const token = await myAccountAccessToken(oktaAuth);
  const response = await fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (response.ok) return response;
  if (response.status === 401) forgetMyAccountAccessToken(oktaAuth);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const stepUp = /insufficient_authentication_context/.test(response.headers.get('www-authenticate') ?? '');
  throw Object.assign(new Error(String(body.errorSummary ?? response.statusText)), {
    ...body,
    ...(stepUp ? { errorSummary: 'insufficient_authentication_context' } : {}),
    xhr: { status: response.status },
  });
}

export function createAccountDataClient(oktaAuth: OktaAuth) {
  return {
    async listDevices(): Promise<AccountDevice[]> {
      const answer = (await (await call(oktaAuth, 'GET', ACCOUNT_DATA_PATHS.sessions)).json()) as {
        sessions: AccountDevice[];
      };
      return answer.sessions;
    },
    async signOutDevice(id: string): Promise<void> {
      await call(oktaAuth, 'DELETE', ACCOUNT_DATA_PATHS.session.replace(':id', encodeURIComponent(id)));
    },
    async signOutOtherDevices(): Promise<void> {
      await call(oktaAuth, 'DELETE', ACCOUNT_DATA_PATHS.sessions);
    },
    /** The export as a file (its name from the answer's Content-Disposition). */
    async exportData(): Promise<{ blob: Blob; fileName: string }> {
      const response = await call(oktaAuth, 'GET', ACCOUNT_DATA_PATHS.export);
      const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      const text = await response.text();
      return { blob: new Blob([text], { type: 'application/json' }), fileName: named ?? 'account-data.json' };
    },
    async deleteAccount(): Promise<void> {
      await call(oktaAuth, 'DELETE', ACCOUNT_DATA_PATHS.account);
    },
  };
}
export type AccountDataClient = ReturnType<typeof createAccountDataClient>;
