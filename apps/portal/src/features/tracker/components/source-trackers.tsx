import type { TenantConfig } from '@trackwell/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  publisherOptions,
  useListCommitteesQuery,
  useListIndustryAreasQuery,
} from '../api/source-options.ts';
import { SourceTracker } from './source-tracker.tsx';

/** spec §2 section 3: standards by committee; options from the member service. */
export function CommitteeTracker({ userId }: { userId: string }) {
  const { t } = useTranslation('tracker');
  const { data = [], isLoading } = useListCommitteesQuery();
  return (
    <SourceTracker
      userId={userId}
      trackingType="COMMITTEE"
      options={data}
      optionsLoading={isLoading}
      texts={{
        heading: t('committee.heading'),
        description: t('committee.description'),
        selectLabel: t('committee.select'),
        placeholder: t('committee.placeholder'),
        empty: t('committee.empty'),
        trackedHeading: t('committee.tracked'),
        added: t('committeeTrackingAdded'),
        removed: t('committeeTrackingRemoved'),
      }}
    />
  );
}

/** spec §2 section 4: standards by industry area. */
export function IndustryAreaTracker({ userId }: { userId: string }) {
  const { t } = useTranslation('tracker');
  const { data = [], isLoading } = useListIndustryAreasQuery();
  return (
    <SourceTracker
      userId={userId}
      trackingType="INDUSTRYAREA"
      options={data}
      optionsLoading={isLoading}
      texts={{
        heading: t('industry.heading'),
        description: t('industry.description'),
        selectLabel: t('industry.select'),
        placeholder: t('industry.placeholder'),
        empty: t('industry.empty'),
        trackedHeading: t('industry.tracked'),
        added: t('industryTrackingAdded'),
        removed: t('industryTrackingRemoved'),
      }}
    />
  );
}

/** spec §2 section 5: standards by publisher; options from the tenant's publisher_list. */
export function PublisherTracker({
  userId,
  publisherList,
}: {
  userId: string;
  publisherList: TenantConfig['trackerSetting']['publisher_list'];
}) {
  const { t } = useTranslation('tracker');
  const options = useMemo(() => publisherOptions(publisherList), [publisherList]);
  return (
    <SourceTracker
      userId={userId}
      trackingType="PUBLISHERS"
      options={options}
      optionsLoading={false}
      texts={{
        heading: t('publisher.heading'),
        description: t('publisher.description'),
        selectLabel: t('publisher.select'),
        placeholder: t('publisher.placeholder'),
        empty: t('publisher.empty'),
        trackedHeading: t('publisher.tracked'),
        added: t('publisherTrackingAdded'),
        removed: t('publisherTrackingRemoved'),
      }}
    />
  );
}
