import { type DatabaseHandle, trackStandardsByAssetIds } from '@trackwell/db';

/**
 * Tracks the standards a user chose from an uploaded list, all or nothing (one transaction): when one
 * `assetId` is not a standard of this store, nothing is tracked and the result names the missing ones.
 * Standards tracked already stay as they are.
 */
export function trackListedStandards(
  db: DatabaseHandle,
  user: { tenantId: string; id: string },
  assetIds: string[],
) {
  return db.transaction((tx) => trackStandardsByAssetIds(tx, user.tenantId, user.id, assetIds));
}
