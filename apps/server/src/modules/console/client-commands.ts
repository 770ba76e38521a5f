import {
  createCatalogPublisherClient,
  type DatabaseHandle,
  deleteCatalogPublisherClient,
  listCatalogPublisherClients,
  recordAuditEntry,
  type SqlExecutor,
} from '@trackwell/db';

type Store = { id: string; code: string };
type Actor = { id: string; login: string };
type ClientSummary = { clientId: string; label: string };

/** Creates a publisher client of the store (the secret is in the result this once), audited without it. */
export async function createPublisherClient(db: DatabaseHandle, store: Store, actor: Actor, label: string) {
  return db.transaction(async (tx) => {
    const client = await createCatalogPublisherClient(tx, store.id, label);
    await auditClient(tx, store, actor, 'client.create', { clientId: client.clientId, label });
    return client;
  });
}

/** Deletes a publisher client of the store, audited in the same transaction; undefined when there is none. */
export async function revokePublisherClient(
  db: DatabaseHandle,
  store: Store,
  actor: Actor,
  clientId: string,
): Promise<ClientSummary | undefined> {
  const client = (await listCatalogPublisherClients(db, store.id)).find((c) => c.clientId === clientId);
  if (!client) return undefined;
  return db.transaction(async (tx) => {
    if (!(await deleteCatalogPublisherClient(tx, store.id, clientId))) return undefined;
    await auditClient(tx, store, actor, 'client.revoke', undefined, client);
    return client;
  });
}

function auditClient(
  tx: SqlExecutor,
  store: Store,
  actor: Actor,
  action: 'client.create' | 'client.revoke',
  after: ClientSummary | undefined,
  before?: ClientSummary,
) {
  const target = (after ?? before)?.clientId ?? '';
  return recordAuditEntry(tx, store.id, {
    storeCode: store.code,
    actor: { kind: 'user', id: actor.id, login: actor.login },
    action,
    target,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}), // never the secret
  });
}
