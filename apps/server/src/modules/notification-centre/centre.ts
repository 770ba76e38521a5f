import type {
  NotificationFeed,
  NotificationItem,
  NotificationList,
  NotificationListQuery,
  NotificationSuccessorFollow,
  NotificationsMarked,
  NotificationUnread,
} from '@trackwell/contracts';
import { NOTIFICATION_CENTRE_PATHS } from '@trackwell/contracts';
import {
  countUnreadNotifications,
  type DatabaseHandle,
  findNotificationEventId,
  findNotificationFeedIssuedAt,
  findSuccession,
  followSuccessorByLink,
  issueNotificationFeed,
  listUserNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Tenant,
  type UserNotificationRow,
} from '@trackwell/db';
import type { Env } from '../../config/env.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { PublicUrls } from '../tenants/public-urls.ts';
import { signFeedToken } from './feed-token.ts';

/**
 * What the notification centre's routes do, framework-free but for the app's database,
 * settings and public URLs: every call is about the signed-in user's own notifications in their own store.
 */

/** Whose notifications: the signed-in user, in the store whose host the call came to. */
export interface Reader {
  id: string;
  tenantId: string;
  tenant: Tenant;
}

type Deps = { db: DatabaseHandle; env: Env; publicUrls: PublicUrls };

export const presentNotification = (n: UserNotificationRow): NotificationItem => ({
  id: n.id,
  change: n.change.successor
    ? { ...n.change, successor: { ...n.change.successor, followed: n.successorFollowed } }
    : n.change,
  reasons: n.reasons,
  occurredAt: n.occurredAt.toISOString(),
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

/** A page of the reader's notifications, newest first, with the cursor of the next page and the unread count. */
export async function listNotifications(
  deps: Deps,
  reader: Reader,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const rows = await listUserNotifications(deps.db, reader.tenantId, reader.id, {
    before: query.cursor,
    limit: query.limit,
    kind: query.kind,
  });
  const page = rows.slice(0, query.limit);
  const { unread } = await countUnreadNotifications(deps.db, reader.tenantId, reader.id);
  return {
    notifications: page.map(presentNotification),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
    unread,
  };
}

export const unreadNotifications = (deps: Deps, reader: Reader): Promise<NotificationUnread> =>
  countUnreadNotifications(deps.db, reader.tenantId, reader.id);

/** Marks one of the reader's notifications read: 404 (nothing changed) when it is not theirs. */
export async function markOneRead(deps: Deps, reader: Reader, id: string): Promise<NotificationItem> {
  const marked = await markNotificationRead(deps.db, reader.tenantId, reader.id, id);
  if (!marked) throw notFound('No such notification.');
  return presentNotification(marked);
}

export async function markAllRead(deps: Deps, reader: Reader): Promise<NotificationsMarked> {
  const marked = await markAllNotificationsRead(deps.db, reader.tenantId, reader.id);
  return { marked, unread: 0 };
}

/** The private feed's absolute URL: the store's canonical origin from configuration, never the request. */
const feedUrlOf = (deps: Deps, reader: Reader, issuedAt: number) => {
  const token = signFeedToken(deps.env.NOTIFICATIONS_SECRET, reader.tenantId, reader.id, issuedAt);
  return `${deps.publicUrls.origin(reader.tenant)}${NOTIFICATION_CENTRE_PATHS.atom.replace(':token', token)}`;
};

export async function findFeed(deps: Deps, reader: Reader): Promise<NotificationFeed> {
  const issuedAt = await findNotificationFeedIssuedAt(deps.db, reader.tenantId, reader.id);
  return { url: issuedAt === undefined ? null : feedUrlOf(deps, reader, issuedAt) };
}

/** Makes the reader's feed URL, or a new one: every URL made before answers 404 from now on. */
export async function resetFeed(deps: Deps, reader: Reader): Promise<NotificationFeed> {
  const issuedAt = await issueNotificationFeed(deps.db, reader.tenantId, reader.id);
  return { url: feedUrlOf(deps, reader, issuedAt) };
}

/**
 * The centre's "Track <new> instead": the reader tracks the successor of the standard their notification's
 * change replaced, instead of it, as the e-mail's link does (recorded as 'centre'). Idempotent ('already').
 * 404 when the notification is not theirs, 409 (nothing changed) when its change replaced nothing.
 */
export async function followSuccessor(
  deps: Deps,
  reader: Reader,
  id: string,
): Promise<NotificationSuccessorFollow> {
  const eventId = await findNotificationEventId(deps.db, reader.tenantId, reader.id, id);
  if (eventId === undefined) throw notFound('No such notification.');
  const succession = await findSuccession(deps.db, reader.tenantId, eventId);
  const outcome = succession
    ? await deps.db.transaction((tx) =>
        followSuccessorByLink(tx, reader.tenantId, eventId, reader.id, 'centre'),
      )
    : 'none';
  if (!succession || outcome === 'none') {
    throw new HttpError(
      409,
      'no_successor',
      'This change replaced no standard: there is no successor to track.',
    );
  }
  return { state: outcome, ...succession };
}
