import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../components/ui/spinner.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/implicit/callback` (spec §2): finishes the sign-in redirect. The sign-in issue fills this in. */
export function ImplicitCallbackRoute() {
  const { t } = useTranslation();
  const { tenantName } = useTenantConfig();
  useDocumentTitle(tenantName);

  return (
    <div className="tw-page tw-page--centered">
      <PendingMessage>{t('callback.completing')}</PendingMessage>
    </div>
  );
}
