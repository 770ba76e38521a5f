import {
  type ApiKeyPurpose,
  type CatalogApiKeyRow,
  createStoreApiKey,
  type DatabaseHandle,
  recordAuditEntry,
  revokeStoreApiKey,
} from '@trackwell/db';

/** A store key as the console shows it (never the key itself). */
export const keyAnswer = (k: CatalogApiKeyRow) => ({
  id: k.id,
  label: k.label,
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** Who runs a command: the console user. */
type Actor = { id: string; login: string };

/** Creates a store key of this purpose, audited (never the key) in the same transaction. */
export async function createStoreKey(
  db: DatabaseHandle,
  store: { id: string; code: string },
  actor: Actor,
  purpose: ApiKeyPurpose,
  label: string,
) {
  return db.transaction(async (tx) => {
    const key = await createStoreApiKey(tx, store.id, label, actor.id, purpose);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: actor.id, login: actor.login },
      action: 'api_key.create',
      target: key.id,
      after: { id: key.id, label: key.label, purpose }, // never the key
    });
    return key;
  });
}

/**
 * Revokes a store key of this purpose, audited in the same transaction (a key already revoked: nothing
 * written). Undefined when the store has no such key.
 */
export async function revokeStoreKey(
  db: DatabaseHandle,
  store: { id: string; code: string },
  actor: Actor,
  purpose: ApiKeyPurpose,
  keyId: string,
): Promise<CatalogApiKeyRow | undefined> {
  return db.transaction(async (tx) => {
    const change = await revokeStoreApiKey(tx, store.id, keyId, purpose);
    if (!change) return undefined;
    if (change.before.revokedAt) return change.after;
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: actor.id, login: actor.login },
      action: 'api_key.revoke',
      target: change.after.id,
      before: { ...keyAnswer(change.before), purpose },
      after: { ...keyAnswer(change.after), purpose },
    });
    return change.after;
  });
}
