import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '../ui/external-link.tsx';
import { MailIcon } from '../ui/icons.tsx';

export type SiteHeaderProps = {
  tenantName: string;
  logoUrl: string;
  /** spec §2 Header "Contact link to an external contact page" (`ui.contactUrl`). */
  contactUrl: string;
  /** The language selector, when the tenant offers one (see `languageSelectorVisible`). */
  languageSelector?: ReactNode;
  /** The user menu, once there is a signed-in user. */
  userMenu?: ReactNode;
  /** Full width, as the admin app's top bar. */
  wide?: boolean;
};

/**
 * spec §2 Header: the tenant logo linking to the site root, the optional language selector, the contact link and
 * the user menu. The logo already shows the tenant's name, so the name is its alt text (read once by screen
 * readers) and is not repeated beside it.
 */
export function SiteHeader({
  tenantName,
  logoUrl,
  contactUrl,
  languageSelector,
  userMenu,
  wide = false,
}: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="tw-header">
      <div className={`${wide ? 'container-fluid' : 'container'} tw-header__inner`}>
        <Link to="/" className="tw-header__brand">
          <img className="tw-header__logo" src={logoUrl} alt={tenantName} />
        </Link>
        <div className="tw-header__actions">
          {languageSelector}
          <ExternalLink href={contactUrl} className="tw-header__link">
            <MailIcon />
            <span className="tw-header__link-text">{t('header.contact')}</span>
          </ExternalLink>
          {userMenu}
        </div>
      </div>
    </header>
  );
}
