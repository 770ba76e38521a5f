import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { featureFlags } from './tenant-config.ts';
import { applicationCode, trackingType, userId } from './tracker.ts';
import { TRACKER_APPLICATION_CODE, type TrackingType } from './tracker-paths.ts';

/** The tracker service's content sources, unsubscribe and feature flags (spec §3, §4, §7, §9). */

// ---------------------------------------------------------------------------------------------------------
// Content-source trackings (spec §3 "Tracking settings per user")

// SOURCE_DATA_KEYS, the key under `data` for each tracking type: tracker-paths.ts.

const sourceItem = <T extends TrackingType, K extends string>(type: T, key: K, description: string) =>
  z.object({
    applicationCode: z.literal(TRACKER_APPLICATION_CODE),
    trackingType: z.literal(type),
    data: z.object({ [key]: z.array(z.string()).meta({ description }) } as Record<
      K,
      z.ZodArray<z.ZodString>
    >),
  });

export const contentSourceTracking = z.discriminatedUnion('trackingType', [
  sourceItem('COMMITTEE', 'committees', 'Committee designations.'),
  sourceItem('INDUSTRYAREA', 'industryAreas', 'Industry-area marketing codes.'),
  sourceItem('PUBLISHERS', 'publishers', 'Publisher codes.'),
  sourceItem('WORKITEM', 'workItems', "One item: 'true' or 'false' (spec §3)."),
]);
export type ContentSourceTracking = z.infer<typeof contentSourceTracking>;

/** All four kinds, always present (empty lists; workItems ['false'] when off). */
export const contentSourceTrackings = z.object({ contentSourceTrackings: z.array(contentSourceTracking) });
export type ContentSourceTrackings = z.infer<typeof contentSourceTrackings>;

export const listSourceTrackingsQuery = z.object({ userId });
export const listSourceTrackingsResponse = successEnvelope(contentSourceTrackings);

const sourceValue = z.string().min(1).max(100);
/**
 * spec §7 create-tracker-source: sets each named kind to exactly `data` (a set: repeating a call changes
 * nothing; sending a list without an item removes it). WORKITEM's data is ['true'] or ['false'].
 * Unknown committee designations, industry codes or publisher codes refuse the whole call.
 */
export const createTrackerSourceBody = z.object({
  applicationCode: z.literal(TRACKER_APPLICATION_CODE),
  userId: userId.optional(),
  trackingDetails: z
    .array(
      z
        .object({ trackingType, data: z.array(sourceValue).max(500) })
        .refine(
          (d) => d.trackingType !== 'WORKITEM' || (d.data.length === 1 && /^(true|false)$/.test(d.data[0]!)),
          { message: "WORKITEM data must be ['true'] or ['false']", path: ['data'] },
        ),
    )
    .min(1)
    .max(4)
    .refine((list) => new Set(list.map((d) => d.trackingType)).size === list.length, {
      message: 'each trackingType at most once',
    })
    .meta({
      examples: [
        [
          { trackingType: 'COMMITTEE', data: ['D20'] },
          { trackingType: 'WORKITEM', data: ['true'] },
        ],
      ],
    }),
});
export type CreateTrackerSourceBody = z.infer<typeof createTrackerSourceBody>;
export const createTrackerSourceResponse = successEnvelope(contentSourceTrackings);

// ---------------------------------------------------------------------------------------------------------
// GET get-industry-area (spec §3 "Industry options")

export const industryAreaOption = z
  .object({ marketing_code: z.string(), code_name: z.string() })
  .meta({ examples: [{ marketing_code: 'IA-PLA', code_name: 'Plastics and Polymers' }] });
export const industryAreasResponse = successEnvelope(z.array(industryAreaOption));

// ---------------------------------------------------------------------------------------------------------
// PUT unsubscribe-tracker

const applicationCodesList = z
  .string()
  .regex(/^[A-Z]{2,10}(,[A-Z]{2,10}){0,9}$/, 'must be comma-separated application codes')
  .transform((s) => [...new Set(s.split(','))])
  .pipe(z.array(applicationCode))
  .meta({
    description: 'Comma-separated: any of TRACKER, COMPASS, SB, PUB.',
    examples: ['TRACKER,COMPASS,SB,PUB'],
  });

export const unsubscribeQuery = z.object({
  userId: userId.optional(),
  applicationCode: applicationCodesList.optional(),
});
export const unsubscribeBody = z
  .object({ userId: userId.optional(), applicationCode: applicationCodesList.optional() })
  .nullish();
/**
 * spec §4 "Unsubscribe": clears the committee, industry-area, work-item and publisher sources of those
 * applications (all four when none is named) and records the unsubscribe, which the e-mail pipeline
 * honours. Tracking something again later lifts it for that application.
 */
export const unsubscribeResult = z.object({
  applicationCodes: z.array(applicationCode),
  clearedSources: z.number(),
});
export const unsubscribeResponse = successEnvelope(unsubscribeResult);

// ---------------------------------------------------------------------------------------------------------
// GET get-aws-appconfig (spec §3 "Feature flags")

export const featureFlagsResponse = successEnvelope(featureFlags);
