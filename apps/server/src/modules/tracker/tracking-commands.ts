import {
  type ApplicationCode,
  type CreateTrackerSourceBody,
  TRACKER_APPLICATION_CODE,
} from '@trackwell/contracts';
import {
  createContentTracking,
  type DatabaseHandle,
  listSourceTrackings,
  type SourceTrackingValues,
  setSourceTrackings,
  type Tenant,
  unsubscribeUser,
} from '@trackwell/db';
import { badRequest } from '../../http/errors.ts';
import { unknownSources } from './sources.ts';

/*
 * A user's trackings (standards and content sources), framework-free: for the signed-in user (the route
 * checks the body or query names them), each write one transaction.
 */

type User = { tenant: Tenant; tenantId: string; id: string };

/**
 * Each named kind becomes exactly its `data` (idempotent); unknown designations or codes refuse the whole
 * call (400 naming where) and change nothing. Answers every kind as now stored.
 */
export async function setTrackedSources(
  db: DatabaseHandle,
  user: User,
  details: CreateTrackerSourceBody['trackingDetails'],
): Promise<SourceTrackingValues> {
  const issues = await unknownSources(db, user.tenant, details);
  if (issues.length > 0) throw badRequest('Some tracked items do not exist in this store.', issues);
  return db.transaction(async (tx) => {
    await setSourceTrackings(tx, user.tenantId, user.id, TRACKER_APPLICATION_CODE, details);
    return listSourceTrackings(tx, user.tenantId, user.id);
  });
}

/** spec §4: clears the source trackings of these applications and records the unsubscribe. */
export function unsubscribeFromTracking(
  db: DatabaseHandle,
  user: Pick<User, 'tenantId' | 'id'>,
  codes: readonly ApplicationCode[],
) {
  return db.transaction((tx) => unsubscribeUser(tx, user.tenantId, user.id, codes));
}

/**
 * Tracks a standard, by `assetId` or `contentCode` (tracking it again makes no second row: `created:
 * false`). Undefined when the store has no such standard.
 */
export function trackStandard(
  db: DatabaseHandle,
  user: Pick<User, 'tenantId' | 'id'>,
  standard: { assetId?: string | undefined; contentCode?: string | undefined },
) {
  return db.transaction((tx) => createContentTracking(tx, user.tenantId, user.id, standard));
}
