import {
  type ContentSourceTrackings,
  type CreateTrackerSourceBody,
  SOURCE_DATA_KEYS,
  TRACKER_APPLICATION_CODE,
} from '@trackwell/contracts';
import {
  type DatabaseHandle,
  type SourceTrackingValues,
  type Tenant,
  unknownSourceValues,
} from '@trackwell/db';

/** spec §3: all four kinds of source, always present; WORKITEM is ['true'] or ['false']. */
export const presentSources = (values: SourceTrackingValues): ContentSourceTrackings => ({
  contentSourceTrackings: [
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'COMMITTEE',
      data: { [SOURCE_DATA_KEYS.COMMITTEE]: values.COMMITTEE },
    },
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'INDUSTRYAREA',
      data: { [SOURCE_DATA_KEYS.INDUSTRYAREA]: values.INDUSTRYAREA },
    },
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'PUBLISHERS',
      data: { [SOURCE_DATA_KEYS.PUBLISHERS]: values.PUBLISHERS },
    },
    {
      applicationCode: TRACKER_APPLICATION_CODE,
      trackingType: 'WORKITEM',
      data: { [SOURCE_DATA_KEYS.WORKITEM]: [values.WORKITEM.includes('true') ? 'true' : 'false'] },
    },
  ],
});

const SOURCE_NOUNS = {
  COMMITTEE: 'committee designations',
  INDUSTRYAREA: 'industry-area marketing codes',
  PUBLISHERS: 'publisher codes',
} as const;

/**
 * The tracked items that do not exist in this store (committees, industry areas, publishers: the catalogue's
 * and the store's publisher list), one issue per tracking kind, naming where in the body it was.
 */
export async function unknownSources(
  db: DatabaseHandle,
  tenant: Tenant,
  details: CreateTrackerSourceBody['trackingDetails'],
): Promise<Array<{ path: string; message: string }>> {
  const publisherList = tenant.config.trackerSetting.publisher_list.map((p) => p.code);
  const issues: Array<{ path: string; message: string }> = [];
  for (const [i, d] of details.entries()) {
    if (d.trackingType === 'WORKITEM') continue;
    const extra = d.trackingType === 'PUBLISHERS' ? publisherList : [];
    const unknown = await unknownSourceValues(db, tenant.id, d.trackingType, d.data, extra);
    if (unknown.length > 0) {
      issues.push({
        path: `body.trackingDetails.${i}.data`,
        message: `unknown ${SOURCE_NOUNS[d.trackingType]}: ${unknown.join(', ')}`,
      });
    }
  }
  return issues;
}
