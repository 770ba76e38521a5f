import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import { ApiKeysPanel } from './components/api-keys-panel.tsx';
import { ClientsPanel } from './components/clients-panel.tsx';
import { RolesPanel } from './components/roles-panel.tsx';

/** `/admin/stores/:code/access`: who holds a console role here, and the store's publisher credentials. */
export function AccessScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-activity');
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <div className="tw-activity">
      <ConsoleScreen title={t('access.title')}>
        <RolesPanel code={code} />
        <ApiKeysPanel code={code} kind="publisher" />
        <ApiKeysPanel code={code} kind="provisioning" />
        <ClientsPanel code={code} />
      </ConsoleScreen>
    </div>
  );
}
