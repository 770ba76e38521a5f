import {
  AUTHN_PATHS,
  type AuthnLink,
  FACTOR_VENDOR,
  factorPath,
  PASSWORD_COMPLEXITY,
  type PendingTransaction,
} from '@trackwell/contracts';
import {
  findIdentityFactor,
  findRecoveryQuestion,
  type IdentityUser,
  listIdentityFactors,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import type { AuthnContext, TransactionData } from './authn-context.ts';
import { ENROLLABLE } from './factor-catalogue.ts';
import { postLink } from './links.ts';
import { passkeysOf } from './passkey-decoy.ts';
import { presentFactor, presentPasskeyFactor, presentUser } from './present-parts.ts';
import { totpActivation } from './totp.ts';

/**
 * A pending transaction as Okta answers it (Okta Authentication API: Transaction Model): the state, what it
 * embeds, and the `_links` okta-auth-js turns into the next steps' functions.
 */

interface Presenting {
  ctx: AuthnContext;
  tx: TransactionData;
  user: IdentityUser;
  common: Pick<PendingTransaction, 'stateToken' | 'expiresAt' | 'status' | 'relayState'>;
  link: (path: string, name?: string) => AuthnLink;
}

type StatePresenter = (p: Presenting) => Promise<PendingTransaction> | PendingTransaction;

const cancelLink = (p: Presenting) => p.link(AUTHN_PATHS.cancel);

const passwordChange: StatePresenter = (p) => ({
  ...p.common,
  _embedded: {
    user: presentUser(p.user),
    policy: { complexity: PASSWORD_COMPLEXITY, expiration: { passwordExpireDays: 0 } },
  },
  _links: {
    next: p.link(AUTHN_PATHS.changePassword, 'changePassword'),
    ...(p.tx.status === 'PASSWORD_WARN' ? { skip: p.link(AUTHN_PATHS.skip, 'skip') } : {}),
    cancel: cancelLink(p),
  },
});

const mfaRequired: StatePresenter = async (p) => {
  if (p.tx.passwordless) return passkeyRequired(p);
  const factors = await listIdentityFactors(p.ctx.db, p.ctx.tenant.id, p.user.id);
  return {
    ...p.common,
    _embedded: {
      user: presentUser(p.user),
      factors: factors
        .filter((f) => f.status === 'ACTIVE')
        .map((f) => presentFactor(p.ctx.origin, f, p.user)),
    },
    _links: { cancel: cancelLink(p) },
  };
};

const mfaChallenge: StatePresenter = async (p) => {
  if (p.tx.passwordless) return passkeyChallenge(p);
  const factors = await listIdentityFactors(p.ctx.db, p.ctx.tenant.id, p.user.id);
  const factor = factors.find((f) => f.id === p.tx.factorId);
  if (!factor) throw oktaErrors.invalidToken();
  const verifyPath = factorPath(AUTHN_PATHS.verifyFactor, factor.id);
  const isPush = factor.factorType === 'push';
  return {
    ...p.common,
    ...(isPush ? { factorResult: p.tx.factorResult ?? 'WAITING' } : {}),
    _embedded: { user: presentUser(p.user), factor: presentFactor(p.ctx.origin, factor, p.user, false) },
    _links: {
      next: p.link(verifyPath, isPush ? 'poll' : 'verify'),
      prev: p.link(AUTHN_PATHS.previous),
      cancel: cancelLink(p),
      ...(factor.factorType === 'token:software:totp'
        ? {}
        : { resend: [p.link(factorPath(AUTHN_PATHS.resendFactor, factor.id), isPush ? 'push' : 'email')] }),
    },
  };
};

/**
 * A passkey sign-in's factor choice: the user's passkeys. No `user`: the caller has shown nothing but an
 * address, and learns no name from it (nor the passkeys' names: presentPasskeyFactor).
 */
const passkeyRequired: StatePresenter = async (p) => {
  const passkeys = await passkeysOf(p.ctx, p.tx, p.user);
  return {
    ...p.common,
    _embedded: { factors: passkeys.map((k) => presentPasskeyFactor(p.ctx.origin, k)) },
    _links: { cancel: cancelLink(p) },
  };
};

/** A passkey challenged: the challenge for `navigator.credentials.get`, and the link to send the assertion to. */
const passkeyChallenge: StatePresenter = async (p) => {
  const passkeys = await passkeysOf(p.ctx, p.tx, p.user);
  const passkey = passkeys.find((k) => k.id === p.tx.factorId);
  if (!passkey || !p.tx.webauthnChallenge) throw oktaErrors.invalidToken();
  const options = { withVerify: false, challenge: p.tx.webauthnChallenge };
  return {
    ...p.common,
    _embedded: { factor: presentPasskeyFactor(p.ctx.origin, passkey, options) },
    _links: {
      next: p.link(factorPath(AUTHN_PATHS.verifyFactor, passkey.id), 'verify'),
      prev: p.link(AUTHN_PATHS.previous),
      cancel: cancelLink(p),
    },
  };
};

const mfaEnroll: StatePresenter = (p) => ({
  ...p.common,
  _embedded: {
    user: presentUser(p.user),
    factors: ENROLLABLE.map((f) => ({
      factorType: f.factorType,
      provider: f.provider,
      vendorName: FACTOR_VENDOR[f.factorType],
      enrollment: 'REQUIRED',
      status: 'NOT_SETUP',
      _links: { enroll: p.link(AUTHN_PATHS.enrollFactor) },
    })),
  },
  _links: { cancel: cancelLink(p) },
});

const mfaEnrollActivate: StatePresenter = async (p) => {
  const factor = p.tx.factorId
    ? await findIdentityFactor(p.ctx.db, p.ctx.tenant.id, p.user.id, p.tx.factorId)
    : undefined;
  if (!factor) throw oktaErrors.invalidToken();
  const activatePath = factorPath(AUTHN_PATHS.activateFactor, factor.id);
  const activation =
    factor.factorType === 'token:software:totp' && factor.secret
      ? await totpActivation(factor.secret, p.user.login, p.ctx.tenant.config.tenantName)
      : undefined;
  return {
    ...p.common,
    factorResult: 'WAITING',
    _embedded: {
      user: presentUser(p.user),
      factor: {
        ...presentFactor(p.ctx.origin, factor, p.user, false),
        status: 'PENDING_ACTIVATION',
        ...(activation ? { _embedded: { activation } } : {}),
      },
    },
    _links: {
      next: p.link(activatePath, 'activate'),
      prev: p.link(AUTHN_PATHS.previous),
      cancel: cancelLink(p),
      ...(factor.factorType === 'email'
        ? { resend: [p.link(factorPath(AUTHN_PATHS.resendActivation, factor.id), 'email')] }
        : {}),
    },
  };
};

const passwordReset: StatePresenter = (p) => ({
  ...p.common,
  recoveryType: p.tx.recoveryType ?? 'PASSWORD',
  _embedded: { user: presentUser(p.user), policy: { complexity: PASSWORD_COMPLEXITY } },
  _links: { next: p.link(AUTHN_PATHS.resetPassword, 'resetPassword'), cancel: cancelLink(p) },
});

const recovery: StatePresenter = async (p) => {
  const question = await findRecoveryQuestion(p.ctx.db, p.ctx.tenant.id, p.user.id);
  if (!question) throw oktaErrors.invalidToken();
  return {
    ...p.common,
    recoveryType: p.tx.recoveryType ?? 'PASSWORD',
    _embedded: { user: { ...presentUser(p.user), recovery_question: { question: question.question } } },
    _links: { next: p.link(AUTHN_PATHS.recoveryAnswer, 'answer'), cancel: cancelLink(p) },
  };
};

const PRESENTERS: Record<TransactionData['status'], StatePresenter> = {
  PASSWORD_EXPIRED: passwordChange,
  PASSWORD_WARN: passwordChange,
  MFA_REQUIRED: mfaRequired,
  MFA_CHALLENGE: mfaChallenge,
  MFA_ENROLL: mfaEnroll,
  MFA_ENROLL_ACTIVATE: mfaEnrollActivate,
  PASSWORD_RESET: passwordReset,
  RECOVERY: recovery,
};

/** The answer for a transaction in `tx.status`, with its stateToken. */
export async function presentTransaction(
  ctx: AuthnContext,
  stateToken: string,
  expiresAt: Date,
  tx: TransactionData,
  user: IdentityUser,
): Promise<PendingTransaction> {
  const presenter = PRESENTERS[tx.status];
  if (!presenter) throw oktaErrors.invalidToken();
  return presenter({
    ctx,
    tx,
    user,
    common: {
      stateToken,
      expiresAt: expiresAt.toISOString(),
      status: tx.status,
      relayState: tx.relayState ?? null,
    },
    link: (path, name) => postLink(`${ctx.origin}${path}`, name),
  });
}
