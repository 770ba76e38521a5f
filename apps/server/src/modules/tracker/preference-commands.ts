import {
  type DatabaseHandle,
  getMonthlyStatus,
  getNotificationFrequency,
  getNotificationPreferences,
  getReviewAlert,
  saveMonthlyStatus,
  saveNotificationFrequency,
  saveNotificationPreferences,
  saveReviewAlert,
  UnknownTimeZoneError,
  UntrackedSourcesError,
} from '@trackwell/db';
import { badRequest } from '../../http/errors.ts';

/*
 * A user's notification choices, framework-free: each saves the choice and reads back what is now stored in
 * one transaction, for the signed-in user (the route checks the body names them). A refused choice is a 400
 * naming the field, and nothing is saved.
 */

type User = { tenantId: string; id: string };

const unknownTimeZone = (error: unknown) => {
  if (!(error instanceof UnknownTimeZoneError)) throw error;
  throw badRequest('This time zone is not known here.', [{ path: 'body.timeZone', message: error.message }]);
};

type Tx = Parameters<Parameters<DatabaseHandle['transaction']>[0]>[0];

/** Saves a choice and reads back what is now stored, in one transaction. */
function saveAndReadBack<C, R>(
  db: DatabaseHandle,
  user: User,
  save: (tx: Tx, tenantId: string, userId: string, choice: C) => Promise<unknown>,
  read: (tx: Tx, tenantId: string, userId: string) => Promise<R>,
  choice: C,
): Promise<R> {
  return db.transaction(async (tx) => {
    await save(tx, user.tenantId, user.id, choice);
    return read(tx, user.tenantId, user.id);
  });
}

/** Instant, or a daily/weekly digest at the user's hour in their time zone. */
export function saveFrequency(
  db: DatabaseHandle,
  user: User,
  choice: Parameters<typeof saveNotificationFrequency>[3],
) {
  return saveAndReadBack(db, user, saveNotificationFrequency, getNotificationFrequency, choice).catch(
    unknownTimeZone,
  );
}

/** The monthly status of the list, on or off. */
export function saveMonthlyStatusChoice(
  db: DatabaseHandle,
  user: User,
  choice: Parameters<typeof saveMonthlyStatus>[3],
) {
  return saveAndReadBack(db, user, saveMonthlyStatus, getMonthlyStatus, choice).catch(unknownTimeZone);
}

/** The alert N months before a tracked standard's forecast review, on (with N) or off. */
export function saveReviewAlertChoice(
  db: DatabaseHandle,
  user: User,
  choice: Parameters<typeof saveReviewAlert>[3],
) {
  return saveAndReadBack(db, user, saveReviewAlert, getReviewAlert, choice);
}

/** Which kinds of change the user is told about, for all trackings and per source (tracked ones only). */
export function saveChangeKinds(
  db: DatabaseHandle,
  user: User,
  choice: Parameters<typeof saveNotificationPreferences>[3],
) {
  return saveAndReadBack(db, user, saveNotificationPreferences, getNotificationPreferences, choice).catch(
    (error: unknown) => {
      if (!(error instanceof UntrackedSourcesError)) throw error;
      throw badRequest(
        'Some sources are not tracked by you: track them first.',
        error.sources.map((s) => ({ path: 'body.sources', message: `${s.type} ${s.value} is not tracked` })),
      );
    },
  );
}
