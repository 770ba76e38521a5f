import { useTenantConfig } from '../../features/tenant/index.ts';
import { TrackerIntro } from '../../features/tracker/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/` — the tracker page (spec §2). */
export function HomeRoute() {
  const { tenantName, trackerSetting } = useTenantConfig();
  useDocumentTitle(tenantName);
  return (
    <div className="tw-page">
      <TrackerIntro text={trackerSetting.header.page_paragraph_info} />
    </div>
  );
}
