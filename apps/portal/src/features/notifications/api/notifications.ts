import {
  type CatalogEventKind,
  type NotificationFeed,
  type NotificationItem,
  type NotificationList,
  type NotificationSuccessorFollow,
  type NotificationsMarked,
  type NotificationUnread,
  NOTIFICATION_CENTRE_PATHS as P,
} from '@trackwell/contracts';
import { api } from '../../../lib/api.ts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';

/**
 * The notification centre's calls and the private feed's URL, in the tracker API (the
 * tenant's tracker-uri, bearer token). One page of the list is one cache entry, keyed by its kind and cursor;
 * a read mark refreshes the pages, the unread count and the tracker's "Changed" badges.
 */
export type NotificationPageArgs = { kind?: CatalogEventKind | undefined; cursor?: string | undefined };

/** How often the bell asks for the unread count while the page is open. */
const UNREAD_POLL_MS = 60_000;
export const UNREAD_POLLING = { pollingInterval: UNREAD_POLL_MS, skipPollingIfUnfocused: true } as const;

export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Notifications', 'NotificationFeed'] })
  .injectEndpoints({
    endpoints: (build) => ({
      unreadNotifications: build.query<NotificationUnread, void>({
        query: () => ({ service: 'tracker-uri', url: P.unread }),
        providesTags: ['Notifications'],
      }),
      notificationPage: build.query<NotificationList, NotificationPageArgs>({
        query: ({ kind, cursor }) => ({
          service: 'tracker-uri',
          url: P.list,
          params: { ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}) },
        }),
        providesTags: ['Notifications'],
      }),
      markNotificationRead: build.mutation<NotificationItem, string>({
        query: (id) => ({ service: 'tracker-uri', url: P.read.replace(':id', id), method: 'POST' }),
        invalidatesTags: ['Notifications'],
      }),
      /** "Track <new> instead": the list (its `followed`) and the tracker's list of standards are refreshed. */
      followNotificationSuccessor: build.mutation<NotificationSuccessorFollow, string>({
        query: (id) => ({
          service: 'tracker-uri',
          url: P.followSuccessor.replace(':id', id),
          method: 'POST',
        }),
        invalidatesTags: ['Notifications', 'ContentTrackings'],
      }),
      markAllNotificationsRead: build.mutation<NotificationsMarked, void>({
        query: () => ({ service: 'tracker-uri', url: P.readAll, method: 'POST' }),
        invalidatesTags: ['Notifications'],
      }),
      notificationFeed: build.query<NotificationFeed, void>({
        query: () => ({ service: 'tracker-uri', url: P.feed }),
        providesTags: ['NotificationFeed'],
      }),
      resetNotificationFeed: build.mutation<NotificationFeed, void>({
        query: () => ({ service: 'tracker-uri', url: P.feed, method: 'POST' }),
        invalidatesTags: ['NotificationFeed'],
      }),
    }),
  });

// The bell's background poll and the screens that draw their own error state (with Try again) do not toast.
silenceErrorToasts('unreadNotifications', 'notificationPage', 'notificationFeed');

export const {
  useUnreadNotificationsQuery,
  useNotificationPageQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useFollowNotificationSuccessorMutation,
  useNotificationFeedQuery,
  useResetNotificationFeedMutation,
} = notificationsApi;
