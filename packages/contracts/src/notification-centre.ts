import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX } from './notification-centre-paths.ts';
import { CATALOG_EVENT_KINDS, type NotificationChange, notificationReason } from './notifications.ts';

/*
 * The in-app notification centre: the signed-in user's notifications — one per change that
 * matched their trackings, the same rows their e-mails come from — with what changed (old → new) and why
 * (the sources that matched), read marks, and the private Atom feed's URL.
 */

const bigintId = z
  .string()
  .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
  .meta({ description: 'A notification id.' });

export const notificationParams = z.object({ id: bigintId });

/** The list's query: `cursor` is the `nextCursor` of the page before; `kind` keeps one kind of change. */
export const notificationListQuery = z
  .object({
    cursor: bigintId.optional().meta({ description: 'The `nextCursor` of the previous page.' }),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(NOTIFICATION_PAGE_SIZE_MAX)
      .default(NOTIFICATION_PAGE_SIZE)
      .meta({ description: `Items per page (1–${NOTIFICATION_PAGE_SIZE_MAX}).` }),
    kind: z.enum(CATALOG_EVENT_KINDS).optional().meta({ description: 'Only changes of this kind.' }),
  })
  .strict();
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** What changed, as the e-mail shows it: the old value is null where it did not change. */
const changedStandard = z.object({
  assetId: z.string(),
  title: z.string(),
  titles: z.record(z.string(), z.string()).optional(),
  committee: z.string().nullable(),
  publisher: z.string(),
  oldDesignation: z.string().nullable(),
  designation: z.string(),
  oldStatus: z.string().nullable(),
  status: z.string(),
  edition: z.string(),
  date: z.string(),
});
const changedWorkItem = z.object({
  number: z.string(),
  title: z.string(),
  committee: z.string(),
  oldStatus: z.string().nullable(),
  status: z.string(),
});
export const notificationChange = z.object({
  kind: z.enum(CATALOG_EVENT_KINDS),
  standard: changedStandard.optional(),
  workItem: changedWorkItem.optional(),
  note: z.string().optional(),
  /** The publisher's summary of what changed, and a link comparing the versions. */
  summary: z.string().optional(),
  compareUrl: z.string().optional(),
  /**
   * The standard replaced and its successor; `followed`: the user follows it already (by the
   * e-mail's link, the centre's button or automatically at publish).
   */
  successor: z
    .object({
      from: z.object({ assetId: z.string(), designation: z.string() }),
      to: z.object({ assetId: z.string(), designation: z.string() }),
      followed: z.boolean().optional(),
    })
    .optional(),
});
/** The recorded change (`NotificationChange`) is served as is: the server's presenter types it against this. */
export type NotificationChangeView = z.infer<typeof notificationChange> & NotificationChange;

export const notificationItem = z.object({
  id: bigintId,
  change: notificationChange,
  /** Why: every tracking of the user that matched (a standard, a committee, an industry area, …). */
  reasons: z.array(notificationReason),
  /** When the change took effect at the publisher, and when it reached the user (ISO 8601). */
  occurredAt: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationList = z.object({
  notifications: z.array(notificationItem),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationUnread = z.object({
  unread: z.number().int(),
  /** The store page ids (assetId) of standards with an unread change: the tracker's "Changed" badges. */
  changedAssetIds: z.array(z.string()),
});
export type NotificationUnread = z.infer<typeof notificationUnread>;

export const notificationsMarked = z.object({ marked: z.number().int(), unread: z.number().int() });
export type NotificationsMarked = z.infer<typeof notificationsMarked>;

/** "Track <new> instead" from the centre: 'followed' now, or 'already' followed before (nothing changed). */
export const notificationSuccessorFollow = z.object({
  state: z.enum(['followed', 'already']),
  from: z.object({ assetId: z.string(), designation: z.string() }),
  to: z.object({ assetId: z.string(), designation: z.string() }),
});
export type NotificationSuccessorFollow = z.infer<typeof notificationSuccessorFollow>;

export const notificationFeed = z.object({
  /** The private Atom feed's secret URL; null until the user makes one. */
  url: z.string().nullable(),
});
export type NotificationFeed = z.infer<typeof notificationFeed>;

/** The Atom feed's path parameter: the signed token (`<userId>.<seconds>.<mac>`). */
export const notificationFeedParams = z.object({ token: z.string().max(200) });
