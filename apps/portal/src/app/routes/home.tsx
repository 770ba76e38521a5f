import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../components/ui/icons.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { TrackerIntro } from '../../features/tracker/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * `/` — the tracker page (spec §2). Until sign-in exists it shows the tenant's intro and says plainly that
 * signing in is not available yet; the tracker sections join it with sign-in.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const { tenantName, trackerSetting } = useTenantConfig();
  useDocumentTitle(tenantName);

  return (
    <div className="tw-page">
      <TrackerIntro text={trackerSetting.header.page_paragraph_info} />
      <div className="tw-notice" role="note">
        <InfoIcon />
        <p>{t('home.signInUnavailable')}</p>
      </div>
    </div>
  );
}
