import type { OktaAuth } from '@okta/okta-auth-js';
import { createContext, use } from 'react';
import type { MyAccountClient } from './lib/myaccount.ts';

export type AccountContextValue = {
  client: MyAccountClient;
  oktaAuth: OktaAuth;
  /** The signed-in user's id (MAEUserID), for the tracker's calls; undefined until known. */
  userId: string | undefined;
  /** True once the user has moved between account screens: the new screen's heading then takes the focus. */
  navigated: boolean;
};

export const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const value = use(AccountContext);
  if (!value) throw new Error('useAccount() must be used inside the account area.');
  return value;
}
