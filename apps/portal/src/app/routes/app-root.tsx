import { Outlet } from 'react-router';
import { AppLayout } from '../../components/layouts/app-layout.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';

/** The shell around every route: the tenant's header, then the matched screen. */
export function AppRoot() {
  const { tenantName, ui } = useTenantConfig();
  return (
    <AppLayout tenantName={tenantName} logoUrl={ui.logoUrl}>
      <Outlet />
    </AppLayout>
  );
}
