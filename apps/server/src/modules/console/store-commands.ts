import type { AuditAction, ConsoleStoreCreate, ConsoleStorePatch } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  findTenantByCode,
  findTenantById,
  InvalidTenantError,
  readStoreDefinition,
  recordAuditEntry,
  type SqlExecutor,
  type StoredDefinition,
  upsertTenant,
} from '@trackwell/db';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { AuthenticatedUser } from '../auth/plugin.ts';
import type { TenantResolver } from '../tenants/tenant-resolver.ts';
import { isPlatformOperator, type RoleGrant } from './console-access.ts';
import {
  definitionChanges,
  newStoreDefinition,
  offHostUrlChanges,
  operatorOnlyChanges,
  patchedDefinition,
} from './store-changes.ts';

/*
 * The console's store commands, framework-free: each takes the database, this process's store cache, the
 * store and the actor, and owns its transaction, its audit entry and the cache invalidation. This process
 * forgets its cached stores as soon as the transaction commits, so the caller's next request sees the
 * save; the other processes forget theirs on the tenants' NOTIFY, which arrives a moment later.
 */

/** What a store command works with: the database and this process's cache of stores. */
export interface StoreCommandDeps {
  db: DatabaseHandle;
  tenants: Pick<TenantResolver, 'clear'>;
}

/** Who runs a command: the user and their console role grants. */
export interface StoreActor {
  user: Pick<AuthenticatedUser, 'id' | 'login' | 'tenantId'>;
  grants: RoleGrant[];
}

/** The definition refused by the seed's contract: 400 naming every field (prefixed by where it came from). */
export const invalidDefinition = (error: InvalidTenantError, prefix: string) =>
  badRequest(
    'The store definition is not valid: nothing was saved.',
    error.issues.map((i) => ({ path: `${prefix}.${i.path}`, message: i.message })),
  );

/** 400 naming each address a store administrator pointed off the store's own hosts. */
const offStoreHosts = (paths: string[], prefix: string, hosts: readonly string[]) =>
  badRequest(
    `Addresses users are sent to before signing in must be on the store's own hosts (${hosts.join(', ')}); ` +
      'only a platform operator may point them elsewhere: nothing was saved.',
    paths.map((path) => ({
      path: `${prefix}.${path}`,
      message: `must be a path or a URL on one of the store's own hosts (${hosts.join(', ')})`,
    })),
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
 * Saves a patch of a store, as PATCH /stores/:code does: merged into the stored definition (locked),
 * validated whole by the seed's contract (`upsertTenant`: 400 naming every field under `prefix`, nothing
 * written; 403 when someone other than an operator changes what only operators may), audited in the same
 * transaction.
 */
export async function saveStorePatch(
  { db, tenants }: StoreCommandDeps,
  store: { id: string; code: string },
  { user, grants }: StoreActor,
  patch: ConsoleStorePatch,
  { prefix = 'body', auditOf }: { prefix?: string; auditOf?: AuditOf } = {},
): Promise<StoredDefinition> {
  return db
    .transaction(async (tx) => {
      const stored = await storedDefinition(tx, store.id, { forUpdate: true });
      const next = patchedDefinition(stored, patch);
      const operator = isPlatformOperator(grants);
      const reserved = operator ? [] : operatorOnlyChanges(stored, next);
      if (reserved.length > 0)
        throw forbidden(`Only a platform operator may change ${reserved.join(', ')}: nothing was saved.`);
      const offHost = operator ? [] : offHostUrlChanges(stored, next);
      if (offHost.length > 0) throw offStoreHosts(offHost, prefix, next.hosts);
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
      tenants.clear();
      return saved;
    })
    .catch((error: unknown) => {
      if (error instanceof InvalidTenantError) throw invalidDefinition(error, prefix);
      throw error;
    });
}

/** Two creates of one code (or host) at once: the database's unique key refuses the second. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';
const storeExists = (code: string) =>
  new HttpError(409, 'store_exists', `A store with code ${code} (or one of these hosts) already exists.`);

/**
 * Creates a store from the actor's own store as a template (POST /stores): 409 when the code (or, at the
 * same moment, a host) is taken; 400 naming `hosts` when the definition is refused; audited in the same
 * transaction; its hosts, perhaps cached as unknown, are forgotten once it commits.
 */
export async function createStore(
  { db, tenants }: StoreCommandDeps,
  { user }: StoreActor,
  input: ConsoleStoreCreate,
): Promise<StoredDefinition> {
  return db
    .transaction(async (tx) => {
      if (await findTenantByCode(tx, input.code))
        throw new HttpError(409, 'store_exists', `A store with code ${input.code} already exists.`);
      const template = (await findTenantById(tx, user.tenantId))!;
      const tenant = await upsertTenant(tx, newStoreDefinition(input, template));
      const stored = await storedDefinition(tx, tenant.id);
      await recordAuditEntry(tx, tenant.id, {
        storeCode: tenant.code,
        actor: { kind: 'user', id: user.id, login: user.login },
        action: 'store.create',
        target: tenant.code,
        after: { code: stored.code, name: input.name, hosts: stored.hosts },
      });
      return stored;
    })
    .then((stored) => {
      tenants.clear();
      return stored;
    })
    .catch((error: unknown) => {
      if (error instanceof InvalidTenantError) throw invalidDefinition(error, 'body');
      if (isUniqueViolation(error)) throw storeExists(input.code);
      throw error;
    });
}
