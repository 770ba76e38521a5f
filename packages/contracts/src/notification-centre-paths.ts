/*
 * The notification centre's and the private feed's paths, without zod: the portal's header
 * bell (lazy) and its account screen name them without pulling the schemas into a shared chunk.
 */

const BASE = '/api/tracker/v1/notifications';
export const NOTIFICATION_CENTRE_PATHS = {
  /** GET: the user's notifications, newest first, cursor-paged, by kind. */
  list: BASE,
  /** GET: the unread count and the standards with an unread change (the tracker's "Changed" badges). */
  unread: `${BASE}/unread`,
  /** POST: mark one notification read. */
  read: `${BASE}/:id/read`,
  /** POST: track the successor of the standard the notification's change replaced, instead of it (idempotent). */
  followSuccessor: `${BASE}/:id/follow-successor`,
  /** POST: mark every notification read. */
  readAll: `${BASE}/read-all`,
  /** GET: the private feed's URL (null until made); POST: make it, or reset it (the old URL stops working). */
  feed: `${BASE}/feed`,
  /** The private Atom feed itself: no bearer token, the signed token in the path is the credential. */
  atom: '/feeds/notifications/:token',
} as const;

/** The page size of the notification list: default and most. */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;
