import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';

// Loaded on first visit: shared with the account area, the panel's chunk stays out of the first download's
// list of the console's chunks.
const WebhooksPanel = lazy(() =>
  import('../../webhooks/index.ts').then((m) => ({ default: m.WebhooksPanel })),
);

/**
 * `/admin/stores/:code/webhooks`: the store's webhook endpoints, in the panel the account area
 * also uses for a user's own (features/webhooks). Register one (its signing secret shown once), send it a
 * test event, read its delivery log, remove it after a confirmation.
 */
export function WebhooksScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-activity');
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <div className="tw-activity">
      <ConsoleScreen title={t('webhooks.title')}>
        <Suspense fallback={<PendingMessage>{t('state.loading')}</PendingMessage>}>
          <WebhooksPanel scope={{ kind: 'store', code }} />
        </Suspense>
      </ConsoleScreen>
    </div>
  );
}
