import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useListConsoleStoresQuery } from '../api/stores.ts';
import { useConsole } from '../console-context.ts';
import { isOperator, sectionsFor } from '../lib/roles.ts';
import { ConsoleLoadError } from './console-load-error.tsx';

/**
 * `/admin`: operators start at the list of stores; anyone else at the first section of their one store. A
 * user without a console role is told so (the server would refuse every call anyway).
 */
export function ConsoleHome() {
  const { roles } = useConsole();
  const { t } = useTranslation('console');
  const sections = sectionsFor(roles);
  const stores = useListConsoleStoresQuery(undefined, { skip: sections.length === 0 });
  if (sections.length === 0) return <NoConsoleRole />;
  if (isOperator(roles)) return <Navigate to="/admin/stores" replace />;
  if (stores.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (stores.error || !stores.data) return <ConsoleLoadError error={stores.error} onRetry={stores.refetch} />;
  const [first] = stores.data;
  if (stores.data.length !== 1 || !first) return <Navigate to="/admin/stores" replace />;
  return <Navigate to={`/admin/stores/${first.code}/${sections[0]}`} replace />;
}

function NoConsoleRole() {
  const { t } = useTranslation('console');
  return (
    <div className="tw-console__empty" role="status">
      <h2 className="h5">{t('noRole.title')}</h2>
      <p>{t('noRole.body')}</p>
      <Link to="/">{t('noRole.back')}</Link>
    </div>
  );
}
