import type { AuditAction, ConsoleStorePatch } from '@trackwell/contracts';
import {
  InvalidTenantError,
  readStoreDefinition,
  recordAuditEntry,
  type SqlExecutor,
  type StoredDefinition,
  upsertTenant,
} from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { isPlatformOperator } from './console-access.ts';
import type { ConsoleApp } from './schemas.ts';
import { definitionChanges, operatorOnlyChanges, patchedDefinition } from './store-changes.ts';

/** The definition refused by the seed's contract: 400 naming every field (prefixed by where it came from). */
export const invalidDefinition = (error: InvalidTenantError, prefix: string) =>
  badRequest(
    'The store definition is not valid: nothing was saved.',
    error.issues.map((i) => ({ path: `${prefix}.${i.path}`, message: i.message })),
  );

export async function storedDefinition(db: SqlExecutor, tenantId: string, options?: { forUpdate: boolean }) {
  const stored = await readStoreDefinition(db, tenantId, options);
  if (!stored) throw notFound('No such store.');
  return stored;
}

/** What the audit log says of a save (default: action store.update, the changed parts before → after). */
export type AuditOf = (changes: ReturnType<typeof definitionChanges>) => {
  action: AuditAction;
  before?: unknown;
  after?: unknown;
};

/**
 * Saves a patch of the route's store, as PATCH /stores/:code does: merged into the stored definition (locked),
 * validated whole by the seed's contract (`upsertTenant`: 400 naming every field under `prefix`, nothing
 * written; 403 when someone other than an operator changes what only operators may), audited in the same
 * transaction. This process forgets its cached stores as soon as the transaction commits, so the caller's next
 * request sees the save; the other processes forget theirs on the tenants' NOTIFY, which arrives a moment later.
 */
export async function saveStorePatch(
  app: ConsoleApp,
  request: FastifyRequest,
  patch: ConsoleStorePatch,
  { prefix = 'body', auditOf }: { prefix?: string; auditOf?: AuditOf } = {},
): Promise<StoredDefinition> {
  const { user, grants } = consoleCaller(request);
  const store = consoleStore(request);
  return app.db
    .transaction(async (tx) => {
      const stored = await storedDefinition(tx, store.id, { forUpdate: true });
      const next = patchedDefinition(stored, patch);
      const reserved = isPlatformOperator(grants) ? [] : operatorOnlyChanges(stored, next);
      if (reserved.length > 0)
        throw forbidden(`Only a platform operator may change ${reserved.join(', ')}: nothing was saved.`);
      await upsertTenant(tx, next, store.id);
      const changes = definitionChanges(stored, next);
      await recordAuditEntry(tx, store.id, {
        storeCode: store.code,
        actor: { kind: 'user', id: user.id, login: user.login },
        target: store.code,
        ...(auditOf ? auditOf(changes) : { action: 'store.update', ...changes }),
      });
      return storedDefinition(tx, store.id);
    })
    .then((saved) => {
      app.tenants.clear();
      return saved;
    })
    .catch((error: unknown) => {
      if (error instanceof InvalidTenantError) throw invalidDefinition(error, prefix);
      throw error;
    });
}
