import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import { ChangesPanel } from './components/changes-panel.tsx';
import { DailyPanel } from './components/daily-panel.tsx';

/** `/admin/stores/:code/deliveries`: e-mails per day, and per change with retry and the e-mails as sent. */
export function DeliveriesScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-activity');
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <div className="tw-activity">
      <ConsoleScreen title={t('deliveriesScreen.title')}>
        <DailyPanel code={code} />
        <ChangesPanel code={code} />
      </ConsoleScreen>
    </div>
  );
}
