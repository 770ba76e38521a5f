import type { AddListStandardBody } from '@trackwell/contracts';
import {
  addStandardToList,
  createOrganisationList,
  type DatabaseHandle,
  deleteOrganisationList,
  findOrganisationList,
  findStandard,
  findStandardByDesignation,
  type ListWriteResult,
  listOrganisationListStandards,
  recordAuditEntry,
  removeStandardFromList,
  type SqlExecutor,
  updateOrganisationList,
} from '@trackwell/db';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireMember } from './access.ts';
import { auditOf, type Caller, conflict } from './organisation-commands.ts';

/*
 * An organisation's watch lists, framework-free: members read them, owners and editors change them (each
 * change one transaction with its audit entry). A standard is named by its store page id or by its
 * designation as a person writes it, read by the tracker's designation rule (contracts' designation-key).
 */

const noSuchList = () => notFound('The organisation has no such list: nothing was read or changed.');

const refused = (result: Exclude<ListWriteResult, { ok: true }>) =>
  result.reason === 'name_taken'
    ? conflict('name_taken', 'The organisation has a list of this name already: nothing was changed.')
    : badRequest('The responsible person must be a member of the organisation: nothing was changed.', [
        { path: 'responsibleUserId', message: 'is not a member of the organisation' },
      ]);

async function requireList(db: SqlExecutor, caller: Caller, organisationId: string, listId: string) {
  const list = await findOrganisationList(db, caller.tenantId, organisationId, listId);
  if (!list) throw noSuchList();
  return list;
}

/** A list with its standards, for any member. */
export async function readList(db: DatabaseHandle, caller: Caller, organisationId: string, listId: string) {
  await requireMember(db, caller, organisationId);
  const list = await requireList(db, caller, organisationId, listId);
  return { list, standards: await listOrganisationListStandards(db, caller.tenantId, list.id) };
}

function audited(tx: SqlExecutor, caller: Caller, target: string, before: unknown, after: unknown) {
  return recordAuditEntry(tx, caller.tenantId, {
    ...auditOf(caller),
    action: 'organisation.list',
    target,
    before,
    after,
  });
}

export function createList(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  input: { name: string; responsibleUserId: string },
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'editLists');
    const result = await createOrganisationList(tx, caller.tenantId, organisationId, input);
    if (!result.ok) throw refused(result);
    await audited(tx, caller, input.name, null, { organisationId, listId: result.id, ...input });
    return (await findOrganisationList(tx, caller.tenantId, organisationId, result.id))!;
  });
}

export function updateList(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  listId: string,
  input: { name?: string | undefined; responsibleUserId?: string | undefined },
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'editLists');
    const before = await requireList(tx, caller, organisationId, listId);
    const result = await updateOrganisationList(tx, caller.tenantId, organisationId, listId, input);
    if (!result.ok) throw refused(result);
    await audited(
      tx,
      caller,
      before.name,
      { name: before.name, responsibleUserId: before.responsible?.userId ?? null },
      input,
    );
    return (await findOrganisationList(tx, caller.tenantId, organisationId, listId))!;
  });
}

export function deleteList(db: DatabaseHandle, caller: Caller, organisationId: string, listId: string) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'editLists');
    const before = await requireList(tx, caller, organisationId, listId);
    await deleteOrganisationList(tx, caller.tenantId, organisationId, listId);
    await audited(tx, caller, before.name, { organisationId, listId }, null);
  });
}

/** The store's standard the body names: by asset id, or by designation (ambiguous → 400 with the candidates). */
async function standardOf(db: SqlExecutor, tenantId: string, body: AddListStandardBody) {
  if (body.assetId !== undefined) {
    const standard = await findStandard(db, tenantId, { assetId: body.assetId });
    if (!standard) throw notFound(`This store has no standard ${body.assetId}: nothing was changed.`);
    return standard;
  }
  const match = await findStandardByDesignation(db, tenantId, body.designation!);
  if (match.outcome === 'matched') return match.standard;
  if (match.outcome === 'ambiguous')
    throw badRequest(
      `“${body.designation}” names several standards: give one of their designations exactly. Nothing was changed.`,
      match.candidates.slice(0, 10).map((c) => ({ path: 'designation', message: c.designation })),
    );
  throw notFound(`This store has no standard “${body.designation}”: nothing was changed.`);
}

export function addToList(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  listId: string,
  body: AddListStandardBody,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'editLists');
    const list = await requireList(tx, caller, organisationId, listId);
    const standard = await standardOf(tx, caller.tenantId, body);
    const added = await addStandardToList(tx, caller.tenantId, list.id, standard.id);
    if (added) await audited(tx, caller, list.name, null, { listId, added: standard.designation });
    return {
      list: (await findOrganisationList(tx, caller.tenantId, organisationId, listId))!,
      standards: await listOrganisationListStandards(tx, caller.tenantId, list.id),
    };
  });
}

export function removeFromList(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  listId: string,
  standardId: string,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'editLists');
    const list = await requireList(tx, caller, organisationId, listId);
    if (!(await removeStandardFromList(tx, caller.tenantId, list.id, standardId)))
      throw notFound('The list holds no such standard: nothing was changed.');
    await audited(tx, caller, list.name, { listId, standardId }, null);
  });
}
