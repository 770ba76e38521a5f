import { AuthCallback } from '../../features/auth/index.ts';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/implicit/callback` (spec §2): finishes the sign-in redirect. */
export function ImplicitCallbackRoute() {
  const { tenantName } = useTenantConfig();
  useDocumentTitle(tenantName);
  return <AuthCallback />;
}
