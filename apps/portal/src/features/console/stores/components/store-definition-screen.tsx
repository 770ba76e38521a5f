import type { ConsoleStoreDefinition } from '@trackwell/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { useGetConsoleStoreQuery } from '../../api/stores.ts';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';

/**
 * A screen that edits the store's definition (Settings, Look): its loading and error states, then `Form`
 * with the stored definition (keyed by the store, so switching stores starts a fresh draft).
 */
export function StoreDefinitionScreen({
  code,
  titleKey,
  Form,
}: {
  code: string;
  titleKey: 'settings.title' | 'theme.title';
  Form: ComponentType<{ code: string; definition: ConsoleStoreDefinition }>;
}) {
  const { t, ready } = useTranslation('console-stores');
  const store = useGetConsoleStoreQuery(code);
  if (!ready) return <PendingMessage>{t('loading')}</PendingMessage>;
  return (
    <ConsoleScreen title={t(titleKey)}>
      {store.isLoading ? (
        <PendingMessage>{t('loading')}</PendingMessage>
      ) : store.error || !store.data ? (
        <ConsoleLoadError error={store.error} onRetry={store.refetch} />
      ) : (
        <Form key={code} code={code} definition={store.data} />
      )}
    </ConsoleScreen>
  );
}
