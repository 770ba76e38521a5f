import {
  consumeIdentityToken,
  createIdentityToken,
  findIdentityToken,
  findIdentityUserById,
  type IdentityUser,
  updateIdentityTokenData,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import type { AuthnContext, AuthnResult, LoadedTransaction, TransactionData } from './authn-context.ts';
import { decoyUser } from './passkey-decoy.ts';
import { presentTransaction } from './present-transaction.ts';

/**
 * A transaction lives in `identity_tokens` (kind "state", 10 minutes); its stateToken is only ever stored
 * hashed. Any step with an unknown, expired or used stateToken is Okta's 401 E0000011 (okta-auth-js then
 * forgets the token). A decoy passkey sign-in's transaction has no user row; it keeps its seed, and reads
 * back with its stand-in user (passkey-decoy.ts).
 */

export const STATE_TTL_SECONDS = 10 * 60;

export async function newTransaction(
  ctx: AuthnContext,
  user: IdentityUser,
  data: TransactionData,
): Promise<AuthnResult> {
  const { token, expiresAt } = await createIdentityToken(ctx.db, ctx.tenant.id, {
    kind: 'state',
    userId: data.decoy ? null : user.id,
    data,
    ttlSeconds: STATE_TTL_SECONDS,
  });
  return { body: await presentTransaction(ctx, token, expiresAt, data, user) };
}

export async function loadTransaction(ctx: AuthnContext, stateToken: unknown): Promise<LoadedTransaction> {
  if (typeof stateToken !== 'string') throw oktaErrors.invalidToken();
  const tx = await findIdentityToken<TransactionData>(ctx.db, ctx.tenant.id, 'state', stateToken);
  if (!tx) throw oktaErrors.invalidToken();
  const user = tx.userId
    ? await findIdentityUserById(ctx.db, ctx.tenant.id, tx.userId)
    : tx.data.decoy && decoyUser(ctx.tenant.id, tx.data.decoy);
  if (!user) throw oktaErrors.invalidToken();
  return { token: stateToken, data: tx.data, expiresAt: tx.expiresAt, user };
}

/** The answer for the transaction as `data` describes it, without saving anything. */
export async function presentAs(ctx: AuthnContext, tx: LoadedTransaction, data: TransactionData) {
  return { body: await presentTransaction(ctx, tx.token, tx.expiresAt, data, tx.user) };
}

/** Keeps `data` as the transaction's new state (same stateToken and expiry), without answering. */
export async function saveTransaction(ctx: AuthnContext, tx: LoadedTransaction, data: TransactionData) {
  await updateIdentityTokenData(ctx.db, ctx.tenant.id, 'state', tx.token, data);
}

/** Moves the transaction to `data` and answers with it. */
export async function moveTransaction(
  ctx: AuthnContext,
  tx: LoadedTransaction,
  data: TransactionData,
): Promise<AuthnResult> {
  await saveTransaction(ctx, tx, data);
  return presentAs(ctx, tx, data);
}

/** Ends the transaction: its stateToken works no more. */
export async function endTransaction(ctx: AuthnContext, tx: LoadedTransaction) {
  await consumeIdentityToken(ctx.db, ctx.tenant.id, 'state', tx.token);
}
