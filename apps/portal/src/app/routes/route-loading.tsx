import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/ui/spinner.tsx';

/** Shown while the first screen's code arrives (usually never seen: it loads alongside the configuration). */
export function RouteLoading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t('app.loading')} />;
}
