import { LANGUAGE_QUERY_PARAM, type Language, personLanguage } from '@trackwell/contracts';
import type { IdentityUser } from '@trackwell/db';
import { renderSignInMail, type SignInMail } from '@trackwell/email';
import type { AuthnContext } from './authn-context.ts';

/**
 * Sign-in e-mails (codes, push approvals, reset and unlock links) in the person's language:
 * the asking page's, else their stored preference, else the store's default. Their links open in it too.
 */

export const signInLanguage = (ctx: AuthnContext, user: IdentityUser): Language =>
  personLanguage({ requested: ctx.requestedLanguage, stored: user.locale, store: ctx.tenant.config.ui });

/** A link from the store's canonical origin that opens its page in `language` (`?lang=`). */
export const withLanguage = (link: string, language: Language) => {
  const url = new URL(link);
  url.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  return url.href;
};

export async function sendSignInMail(ctx: AuthnContext, user: IdentityUser, mail: SignInMail) {
  const rendered = renderSignInMail(signInLanguage(ctx, user), mail, {
    tenantName: ctx.tenant.config.tenantName,
    firstName: user.firstName,
  });
  await ctx.mailer.send({ to: user.login, ...rendered });
}
