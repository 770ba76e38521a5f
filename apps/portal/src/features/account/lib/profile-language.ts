import type { OktaAuth } from '@okta/okta-auth-js';
import type { Language } from '@trackwell/contracts';
import { createMyAccountClient, type MyAccountClient } from './myaccount.ts';

/**
 * The language a signed-in person chooses (header selector, Account ›
 * Preferences) is also their profile's `locale`, which e-mails follow. MyAccount's PUT takes the full profile,
 * so the current one is read first; nothing is written when it already says so.
 */
export async function saveProfileLanguage(client: MyAccountClient, lng: Language): Promise<void> {
  const { profile } = await client.getProfile();
  if (profile.locale === lng) return;
  await client.updateProfile({ ...profile, locale: lng });
}

/** The same for the header's selector, which has only the SDK (this file loads when a choice is made). */
export function saveProfileLanguageWith(oktaAuth: OktaAuth, lng: Language): Promise<void> {
  return saveProfileLanguage(createMyAccountClient(oktaAuth), lng);
}
