import { type DatabaseHandle, followSuccessorByLink } from '@trackwell/db';

/**
 * The e-mail's "Track <new> instead": the user's tracking of the replaced standard moves to its successor,
 * in one transaction ('followed'; 'already' when done before; 'none' for no such replacement).
 */
export function followSuccessorFromEmail(
  db: DatabaseHandle,
  tenantId: string,
  eventId: number,
  userId: string,
) {
  return db.transaction((tx) => followSuccessorByLink(tx, tenantId, eventId, userId));
}
