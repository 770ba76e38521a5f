import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../../components/layouts/app-layout.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { translationEnabledFromUi } from '../../lib/language.ts';

// The sign-in SDK is not needed to paint the tenant's page frame: it loads right after, in parallel with the
// matched screen, and keeps the first download small (the 180 kB initial-JS budget, bench/portal-initial-js).
const AuthShell = lazy(() => import('./auth-shell.tsx'));

/** The shell around every route. Until the sign-in part has loaded, the tenant's frame with the app mask. */
export function AppRoot() {
  const tenant = useTenantConfig();
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <AppLayout tenant={tenant} translationEnabled={translationEnabledFromUi(tenant.ui)}>
          <LoadingScreen label={t('app.loading')} />
        </AppLayout>
      }
    >
      <AuthShell />
    </Suspense>
  );
}
