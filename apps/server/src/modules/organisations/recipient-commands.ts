import { type AddRecipientBody, LIST_RECIPIENTS_MAX, type ListRecipient } from '@trackwell/contracts';
import {
  addListRecipient,
  type DatabaseHandle,
  findOrganisationList,
  type ListRecipientRow,
  listListRecipients,
  recordAuditEntry,
  removeListRecipient,
  type SqlExecutor,
} from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import { requireMember } from './access.ts';
import { auditOf, type Caller, conflict } from './organisation-commands.ts';

/*
 * An organisation list's outside recipients, framework-free: members see them (with the unsubscribed ones),
 * owners and editors add and remove them, each change one transaction with its audit entry
 * (`organisation.list`, target "<list>: recipients"). An address is on a list once; an address that
 * unsubscribed stays listed as such and cannot be added again or removed (its choice is kept).
 */

const noSuchList = () => notFound('The organisation has no such list: nothing was read or changed.');

async function requireList(db: SqlExecutor, caller: Caller, organisationId: string, listId: string) {
  const list = await findOrganisationList(db, caller.tenantId, organisationId, listId);
  if (!list) throw noSuchList();
  return list;
}

export const presentRecipient = (r: ListRecipientRow): ListRecipient => ({
  id: r.id,
  email: r.email,
  addedAt: new Date(r.addedAt).toISOString(),
  unsubscribedAt: r.unsubscribedAt ? new Date(r.unsubscribedAt).toISOString() : null,
});

export async function readRecipients(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  listId: string,
) {
  await requireMember(db, caller, organisationId);
  const list = await requireList(db, caller, organisationId, listId);
  return listListRecipients(db, caller.tenantId, list.id);
}

const audited = (tx: SqlExecutor, caller: Caller, list: string, before: unknown, after: unknown) =>
  recordAuditEntry(tx, caller.tenantId, {
    ...auditOf(caller),
    action: 'organisation.list',
    target: `${list}: recipients`,
    before,
    after,
  });

export async function addRecipient(
  db: DatabaseHandle,
  caller: Caller,
  ids: { organisationId: string; listId: string },
  body: AddRecipientBody,
) {
  await requireMember(db, caller, ids.organisationId, 'editLists');
  const email = body.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const list = await requireList(tx, caller, ids.organisationId, ids.listId);
    const result = await addListRecipient(tx, caller.tenantId, list.id, {
      email,
      addedBy: caller.id,
      max: LIST_RECIPIENTS_MAX,
    });
    if (!result.ok) {
      throw result.reason === 'limit'
        ? conflict(
            'recipient_limit',
            `The list e-mails ${LIST_RECIPIENTS_MAX} addresses already: remove one first. Nothing was changed.`,
          )
        : result.reason === 'unsubscribed'
          ? conflict(
              'recipient_unsubscribed',
              `${email} unsubscribed from this list: it cannot be added again. Nothing was changed.`,
            )
          : conflict('recipient_taken', `${email} is on this list already: nothing was changed.`);
    }
    await audited(tx, caller, list.name, null, { listId: list.id, email });
  });
}

export async function removeRecipient(
  db: DatabaseHandle,
  caller: Caller,
  ids: { organisationId: string; listId: string; recipientId: string },
) {
  await requireMember(db, caller, ids.organisationId, 'editLists');
  await db.transaction(async (tx) => {
    const list = await requireList(tx, caller, ids.organisationId, ids.listId);
    const removed = await removeListRecipient(tx, caller.tenantId, list.id, ids.recipientId);
    if (removed.outcome === 'none') throw notFound('The list has no such recipient: nothing was changed.');
    if (removed.outcome === 'unsubscribed')
      throw conflict(
        'recipient_unsubscribed',
        `${removed.email} unsubscribed itself: it stays listed so that nobody adds it again. Nothing was changed.`,
      );
    await audited(tx, caller, list.name, { listId: list.id, email: removed.email }, null);
  });
}
