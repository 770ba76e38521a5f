import { deleteProvisionedUser, deleteUserOidcPayloads, recordAuditEntry } from '@trackwell/db';
import type { MyAccountCaller } from '../myaccount/caller.ts';

/**
 * Issue 15 §4 "delete my account" (the route asks for a recent sign-in first: step-up). In one transaction:
 * an audit entry that names no one (the action and the store; the actor is the account owner, not named),
 * the user's provider payloads (sessions, grants, refresh tokens), then the user, whose rows go with it by
 * foreign key (account, password, e-mails, phones, factors, trackings, deliveries, preferences, devices,
 * webhooks). Then every access token of theirs is put on the revocation list. The login is free again: the
 * same address can register or be provisioned afresh.
 */
export async function deleteAccount(c: MyAccountCaller): Promise<void> {
  await c.db.transaction(async (tx) => {
    await recordAuditEntry(tx, c.tenant.id, {
      storeCode: c.tenant.code,
      actor: { kind: 'system', id: 'myaccount', login: 'account owner' },
      action: 'account.delete',
    });
    await deleteUserOidcPayloads(tx, c.tenant.id, c.user.id);
    await deleteProvisionedUser(tx, c.tenant.id, c.user.id);
  });
  await c.revocations.revokeUserTokens(c.tenant.id, c.user.id, 'deactivation');
}
