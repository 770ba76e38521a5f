import { Outlet } from 'react-router';
import { AppLayout } from '../../components/layouts/app-layout.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { translationEnabledFromUi } from '../../lib/language.ts';

/** The shell around every route: the tenant's header, sidebar and footer around the matched screen. */
export function AppRoot() {
  const tenant = useTenantConfig();
  // Until the signed-in app-config call brings the `enable_translation` flag, the configuration decides.
  const translationEnabled = translationEnabledFromUi(tenant.ui);
  return (
    <AppLayout tenant={tenant} translationEnabled={translationEnabled}>
      <Outlet />
    </AppLayout>
  );
}
