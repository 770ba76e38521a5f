import { deleteProvisionedUser, deleteUserOidcPayloads, recordAuditEntry } from '@trackwell/db';
import type { MyAccountCaller } from '../myaccount/caller.ts';
import { oktaErrors } from '../okta-errors.ts';

/**
 * "Delete my account" (the route asks for a recent sign-in first: step-up). In one transaction:
 * the user, whose rows go with it by foreign key (account, password, e-mails, phones, factors, trackings,
 * deliveries, preferences, devices, webhooks), the user's provider payloads (sessions, grants, refresh
 * tokens), and an audit entry that names no one (the action and the store; the actor is the account owner,
 * not named). Then every access token of theirs is put on the revocation list. The login is free again: the
 * same address can register or be provisioned afresh.
 */
export async function deleteAccount(c: MyAccountCaller): Promise<void> {
  await c.db.transaction(async (tx) => {
    // The user's row first: a second delete sent at the same time (a double click, two devices) waits for
    // this one's row lock, then finds no user and answers 404 with nothing written, not a second audit entry.
    if (!(await deleteProvisionedUser(tx, c.tenant.id, c.user.id))) throw oktaErrors.notFound('me (User)');
    await deleteUserOidcPayloads(tx, c.tenant.id, c.user.id);
    await recordAuditEntry(tx, c.tenant.id, {
      storeCode: c.tenant.code,
      actor: { kind: 'system', id: 'myaccount', login: 'account owner' },
      action: 'account.delete',
    });
  });
  await c.revocations.revokeUserTokens(c.tenant.id, c.user.id, 'deactivation');
}
