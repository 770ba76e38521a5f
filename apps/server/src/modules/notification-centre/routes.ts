import {
  notificationFeed,
  notificationItem,
  notificationList,
  notificationListQuery,
  notificationParams,
  notificationsMarked,
  notificationUnread,
  NOTIFICATION_CENTRE_PATHS as P,
} from '@trackwell/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_SECURITY, errorResponses } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import {
  findFeed,
  listNotifications,
  markAllRead,
  markOneRead,
  type Reader,
  resetFeed,
  unreadNotifications,
} from './centre.ts';
import { registerFollowSuccessorRoute } from './follow-successor-routes.ts';

/**
 * The in-app notification centre in the tracker API: the signed-in user's own notifications,
 * the unread count, read marks, and the private feed's URL. The enclosing scope authenticates (bearer
 * token) and rate-limits; another user's notification id is 404, as if it did not exist.
 */
const docs = { tags: ['notification-centre'], security: BEARER_SECURITY };
const readerOf = (request: FastifyRequest): Reader => {
  const user = currentUser(request);
  return { id: user.id, tenantId: user.tenantId, tenant: user.tenant };
};

export const notificationCentreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    P.list,
    {
      schema: {
        ...docs,
        summary: 'My notifications, newest first: what changed (old → new) and why (the matched trackings)',
        querystring: notificationListQuery,
        response: { 200: notificationList, ...errorResponses },
      },
    },
    async (request) => listNotifications(app, readerOf(request), request.query),
  );

  app.get(
    P.unread,
    {
      schema: {
        ...docs,
        summary: 'My unread count, and the standards with an unread change (the tracker\'s "Changed" badges)',
        response: { 200: notificationUnread, ...errorResponses },
      },
    },
    async (request) => unreadNotifications(app, readerOf(request)),
  );

  app.post(
    P.read,
    {
      schema: {
        ...docs,
        summary: 'Mark one of my notifications read (404 when it is not mine)',
        params: notificationParams,
        response: { 200: notificationItem, ...errorResponses },
      },
    },
    async (request) => markOneRead(app, readerOf(request), request.params.id),
  );

  registerFollowSuccessorRoute(app, docs, readerOf);

  app.post(
    P.readAll,
    {
      schema: {
        ...docs,
        summary: 'Mark all my notifications read',
        response: { 200: notificationsMarked, ...errorResponses },
      },
    },
    async (request) => markAllRead(app, readerOf(request)),
  );

  app.get(
    P.feed,
    {
      schema: {
        ...docs,
        summary: 'The secret URL of my private Atom feed (null until made)',
        response: { 200: notificationFeed, ...errorResponses },
      },
    },
    async (request) => findFeed(app, readerOf(request)),
  );

  app.post(
    P.feed,
    {
      schema: {
        ...docs,
        summary: 'Make my private Atom feed URL, or reset it: the URL made before stops working',
        response: { 200: notificationFeed, ...errorResponses },
      },
    },
    async (request) => resetFeed(app, readerOf(request)),
  );
};
