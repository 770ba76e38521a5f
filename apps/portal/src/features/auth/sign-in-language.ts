import type { OktaAuth } from '@okta/okta-auth-js';
import { offeredLanguage, type TenantUi } from '@trackwell/contracts';
import type { i18n } from 'i18next';
import { translationEnabledFromUi } from '../../lib/language.ts';
import { chooseLanguage } from '../../lib/switch-language.ts';

/**
 * "one language preference" — the rule at sign-in (decision): the person's stored language (the ID
 * token's `locale` claim, their profile's language) wins over this browser's cookie, so their language follows
 * them to a new device; the page switches to it and the cookie is set to it. Nothing changes when they have
 * none stored, when the store does not offer it, or when the store is not translated.
 */
export async function applyStoredLanguage(
  oktaAuth: OktaAuth,
  instance: i18n,
  ui: Pick<TenantUi, 'languages' | 'languageSelector' | 'localeCookieEnv'>,
): Promise<void> {
  const stored = offeredLanguage(oktaAuth.tokenManager.getTokensSync().idToken?.claims.locale, ui.languages);
  if (!stored || stored === instance.language || !translationEnabledFromUi(ui)) return;
  await chooseLanguage(instance, stored, ui.localeCookieEnv);
}
