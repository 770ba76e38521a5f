import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeIcon } from '../../components/ui/content-icons.tsx';
import { useTenantConfig } from '../../features/tenant/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Any other route: a not-found screen inside the tenant's shell. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const { tenantName } = useTenantConfig();
  useDocumentTitle(`${t('notFound.title')} – ${tenantName}`);

  return (
    <div className="tw-page">
      <h1 className="tw-page-title">{t('notFound.title')}</h1>
      <p className="tw-lead">{t('notFound.body')}</p>
      <Link to="/" className="btn btn-primary tw-btn-icon">
        <HomeIcon />
        {t('notFound.homeLink')}
      </Link>
    </div>
  );
}
