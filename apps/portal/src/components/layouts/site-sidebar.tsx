import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../ui/external-link.tsx';
import { ExternalIcon } from '../ui/icons.tsx';

/**
 * spec §1/§6: a left sidebar with two external links, the compass service and the public site, for the
 * platform tenant only (`ui.sidebar.enabled`). It sits on the reading start side, so it mirrors in Arabic.
 */
export function SiteSidebar({ compassUrl, publicUrl }: { compassUrl: string; publicUrl: string }) {
  const { t } = useTranslation();
  return (
    <nav className="tw-sidebar" aria-label={t('sidebar.label')}>
      <ul className="tw-sidebar__list">
        <li>
          <ExternalLink href={compassUrl} className="tw-sidebar__link">
            <span>{t('sidebar.compass')}</span>
            <ExternalIcon />
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={publicUrl} className="tw-sidebar__link">
            <span>{t('sidebar.publicSite')}</span>
            <ExternalIcon />
          </ExternalLink>
        </li>
      </ul>
    </nav>
  );
}
