import {
  type ConsoleRole,
  LANGUAGE_QUERY_PARAM,
  personLanguage,
  RESET_PASSWORD_PATH,
} from '@trackwell/contracts';
import {
  createIdentityToken,
  createIdentityUser,
  type DatabaseHandle,
  grantConsoleRole,
  type IdentityUser,
  recordAuditEntry,
  type Tenant,
} from '@trackwell/db';
import { renderSignInMail } from '@trackwell/email';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PublicUrls } from '../tenants/public-urls.ts';
import type { ConsoleCaller } from './caller.ts';

/** What an invitation works with: the database, the mailer and the stores' public URLs. */
export interface InviteDeps {
  db: DatabaseHandle;
  mailer: Pick<Mailer, 'send'>;
  publicUrls: Pick<PublicUrls, 'origin'>;
}

/** How long an invitation's link lets its owner choose a first password. */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

const email = z.email();

/**
 * Appoints someone who has no account in the store yet: the
 * account (no password: nobody can sign in with it until its owner chooses one), the role and its audit
 * entry in one transaction, then an e-mail in the store's language with a link to the sign-in page's
 * "choose a new password" step, which signs them in.
 */
export async function inviteToStore(
  app: InviteDeps,
  store: Tenant,
  caller: ConsoleCaller,
  input: { login: string; role: ConsoleRole; firstName: string; lastName: string },
): Promise<IdentityUser> {
  const login = input.login.trim().toLowerCase();
  if (!email.safeParse(login).success)
    throw badRequest('An invitation goes to an e-mail address: nothing was changed.', [
      { path: 'login', message: 'must be an e-mail address' },
    ]);
  const { user, token } = await app.db.transaction(async (tx) => {
    const user = await createIdentityUser(tx, store.id, {
      login,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: null,
    });
    await grantConsoleRole(tx, store.id, user.id, input.role, caller.user.id);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: caller.user.id, login: caller.user.login },
      action: 'role.grant',
      target: login,
      before: { role: input.role, held: false, account: false },
      after: { role: input.role, held: true, account: 'invited' },
    });
    const { token } = await createIdentityToken(tx, store.id, {
      kind: 'recovery',
      userId: user.id,
      data: { recoveryType: 'PASSWORD' },
      ttlSeconds: INVITE_TTL_SECONDS,
    });
    return { user, token };
  });
  const language = personLanguage({ stored: user.locale, store: store.config.ui });
  const link = new URL(`${app.publicUrls.origin(store)}${RESET_PASSWORD_PATH}${token}`);
  link.searchParams.set(LANGUAGE_QUERY_PARAM, language);
  const mail = renderSignInMail(
    language,
    { kind: 'invite', link: link.href, inviter: caller.user.login, role: input.role },
    { tenantName: store.config.tenantName, firstName: user.firstName },
  );
  await app.mailer.send({ to: user.login, ...mail });
  return user;
}
