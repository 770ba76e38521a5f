import { useTranslation } from 'react-i18next';
import { AppLayout } from '../../components/layouts/app-layout.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { translationEnabledFromUi } from '../../lib/language.ts';

/**
 * The shell (`auth-shell.tsx`, with the sign-in SDK) is the router's root route, loaded lazily: the SDK is
 * not needed to paint the tenant's page frame, and it keeps the first download small (the 180 kB initial-JS budget, bench/portal-initial-js).
 * Until it has loaded: the tenant's frame with the app mask.
 *
 * A route's `lazy` rather than React's `lazy`: the router resolves it before the browser hydrates a page
 * the server drew (main.tsx), so hydration never waits on it (a Suspense boundary still waiting for its code
 * is drawn again by the browser, not hydrated, when anything above it changes).
 */
export function ShellLoading() {
  const tenant = useTenantConfig();
  const { t } = useTranslation();
  return (
    <AppLayout tenant={tenant} translationEnabled={translationEnabledFromUi(tenant.ui)}>
      <LoadingScreen label={t('app.loading')} />
    </AppLayout>
  );
}
