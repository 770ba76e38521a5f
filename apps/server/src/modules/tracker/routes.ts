import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerContentTrackingRoutes } from './content-routes.ts';
import { registerFrequencyRoutes } from './frequency-routes.ts';
import { registerHistoryRoutes } from './history-routes.ts';
import { registerMonthlyStatusRoutes } from './monthly-status-routes.ts';
import { registerPreferenceRoutes } from './preference-routes.ts';
import { registerReviewAlertRoutes } from './review-alert-routes.ts';
import { registerSourceRoutes } from './source-routes.ts';
import { registerSuccessorPreferenceRoutes } from './successor-preference-routes.ts';
import { registerTestDigestRoute, registerTrackingEmailsRoutes } from './tracking-emails-routes.ts';

/** The tracker service (spec §7): every call needs the user's token (the enclosing scope checks it). */
export const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContentTrackingRoutes(app);
  registerSourceRoutes(app);
  registerPreferenceRoutes(app);
  registerSuccessorPreferenceRoutes(app);
  registerFrequencyRoutes(app);
  registerMonthlyStatusRoutes(app);
  registerReviewAlertRoutes(app);
  registerHistoryRoutes(app);
  registerTrackingEmailsRoutes(app);
  registerTestDigestRoute(app);
};
