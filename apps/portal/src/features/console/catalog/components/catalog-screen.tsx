import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';
import '../catalog.css';
import { ImportPanel } from './import-panel.tsx';
import { ImportRuns } from './import-runs.tsx';
import { StandardsBrowser } from './standards-browser.tsx';

/** The store's catalogue: import files (dry run, then apply), the past imports, the standards. */
export function CatalogScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-catalog');
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <ConsoleScreen title={t('catalog.title')}>
      <ImportPanel code={code} />
      <StandardsBrowser code={code} />
      <ImportRuns code={code} />
    </ConsoleScreen>
  );
}
