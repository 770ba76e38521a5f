/*
 * The tracker service's codes and paths without Zod: the tracker page's first screen names them,
 * so that it downloads no schema library to show itself. tracker.ts and tracker-sources.ts have the schemas.
 */

/** spec §9: the application code the tracker reads and writes. */
export const TRACKER_APPLICATION_CODE = 'TRACKER';
/** spec §9: the application codes an unsubscribe may name. */
export const APPLICATION_CODES = ['TRACKER', 'COMPASS', 'SB', 'PUB'] as const;

/** spec §3 "Content source tracking": the kinds of source a user can track. */
export const TRACKING_TYPES = ['COMMITTEE', 'INDUSTRYAREA', 'PUBLISHERS', 'WORKITEM'] as const;
export type TrackingType = (typeof TRACKING_TYPES)[number];

export const TRACKER_PATHS = {
  listContentTrackings: '/api/tracker/v2/track-content/get-user-content-tracking-data',
  updateTracker: '/api/tracker/v1/track-content/update-tracker',
  deleteTracker: '/api/tracker/v1/track-content/delete-tracker',
  createTracker: '/api/tracker/v1/track-content/create-tracker',
  listSourceTrackings: '/api/tracker/v1/track-content-source/get-user-content-source-tracking-data',
  createTrackerSource: '/api/tracker/v1/track-content-source/create-tracker-source',
  industryAreas: '/api/tracker/v1/industry-area/get-industry-area',
  unsubscribe: '/api/tracker/v1/tracking/unsubscribe-tracker',
  featureFlags: '/api/tracker/v1/aws-appconfig/get-aws-appconfig',
  catalogSearch: '/api/tracker/v1/catalog/search',
} as const;

/** The key under `data` for each tracking type (spec §3: committees.data.committees, …). */
export const SOURCE_DATA_KEYS = {
  COMMITTEE: 'committees',
  INDUSTRYAREA: 'industryAreas',
  PUBLISHERS: 'publishers',
  WORKITEM: 'workItems',
} as const satisfies Record<TrackingType, string>;

/** The member service's paths (spec §7; members.ts has the rest). */
export const MEMBER_PATHS = { committees: '/openapi/v1/committees' } as const;

/** The content resolver's paths (spec §7; resolver.ts has the rest). */
export const RESOLVER_PATHS = { resolve: '/api/platform/v3/resolver/getResolverDPForContent' } as const;
