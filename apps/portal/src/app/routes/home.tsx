import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { FLAGS_OFF, useCurrentUser, useGetFeatureFlagsQuery } from '../../features/auth/index.ts';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { TrackerPage } from '../../features/tracker/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * `/` — the tracker page (spec §2), for the signed-in user (the route is inside `SignedIn`). The feature flags
 * gate the publisher tracker and the resolver links: the page waits for their answer (a failure means all off).
 */
export function HomeRoute() {
  const tenant = useTenantConfig();
  const user = useCurrentUser();
  const { t } = useTranslation();
  const { data: flags, isError } = useGetFeatureFlagsQuery();
  useDocumentTitle(tenant.tenantName);
  if (!flags && !isError) return <LoadingScreen label={t('app.loading')} />;
  return <TrackerPage user={user} tenant={tenant} flags={flags ?? FLAGS_OFF} />;
}
