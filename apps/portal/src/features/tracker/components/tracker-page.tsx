import type { PaginationState } from '@tanstack/react-table';
import type { FeatureFlags, TenantConfig, UserInfo } from '@trackwell/contracts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE } from '../lib/paging.ts';
import { CommitteeTracker, IndustryAreaTracker, PublisherTracker } from './source-trackers.tsx';
import { TrackedStandardsTable } from './tracked-standards-table.tsx';
import { TrackerIntro } from './tracker-intro.tsx';
import { UnsubscribeLink } from './unsubscribe-link.tsx';
import { WorkItemSection } from './work-item-section.tsx';
import '../tracker.css';

export type TrackerPageProps = { user: UserInfo; tenant: TenantConfig; flags: FeatureFlags };

/**
 * `/` for a signed-in user whose profile has loaded (spec §2 "Tracker page"): the sections in the spec's order,
 * each shown only when the tenant's setting (and, for publishers, the track_by_publishers flag) allows it.
 */
export function TrackerPage({ user, tenant, flags }: TrackerPageProps) {
  const { ready } = useTranslation('tracker');
  const { t: tCommon } = useTranslation();
  // spec §9 "Table defaults: page size 10, page index 0". Shared with the work-item section, which needs to
  // know whether any standard is tracked.
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: DEFAULT_PAGE_INDEX,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  // Section 1 (the intro, the page's largest text) is drawn at once; the sections under it in
  // the render right after, which React may cut into short tasks, so the intro is painted without waiting for
  // the tables and the main thread is never held long. They come in the spec's order, below what is shown.
  const showSectionsBelow = useDeferredValue(true, false);
  if (!ready) return <PendingMessage>{tCommon('app.loading')}</PendingMessage>;

  const setting = tenant.trackerSetting;
  const userId = user.MAEUserID;
  const listArgs = { userId, pageIndex: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  return (
    <div className="tw-tracker">
      <div className="tw-tracker__intro">
        <TrackerIntro
          text={setting.header.page_paragraph_info}
          byLanguage={setting.header.page_paragraph_info_by_language}
          defaultLanguage={tenant.ui.defaultLanguage}
        />
        {setting.work_item.enabled && <WorkItemSection userId={userId} listArgs={listArgs} />}
      </div>
      {showSectionsBelow && (
        <SectionsBelowIntro
          user={user}
          tenant={tenant}
          flags={flags}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      )}
    </div>
  );
}

/** spec §2 "Tracker page", sections 2 to 6: the tables, the source trackers and the unsubscribe link. */
function SectionsBelowIntro({
  user,
  tenant,
  flags,
  pagination,
  onPaginationChange,
}: TrackerPageProps & { pagination: PaginationState; onPaginationChange: (next: PaginationState) => void }) {
  const setting = tenant.trackerSetting;
  const userId = user.MAEUserID;
  return (
    <>
      {setting.individual_standard_tracker.enabled && (
        <TrackedStandardsTable
          user={user}
          tenant={tenant}
          flags={flags}
          pagination={pagination}
          onPaginationChange={onPaginationChange}
        />
      )}
      {setting.committee.enabled && <CommitteeTracker userId={userId} />}
      {setting.industry_area.enabled && <IndustryAreaTracker userId={userId} />}
      {setting.publisher.enabled && flags.track_by_publishers.enabled && (
        <PublisherTracker userId={userId} publisherList={setting.publisher_list} />
      )}
      <UnsubscribeLink userId={userId} />
    </>
  );
}
