import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type SiteHeaderProps = {
  tenantName: string;
  logoUrl: string;
  /** Room for what comes next: language selector, contact link, user menu (spec §2 Header). */
  actions?: ReactNode;
};

/** spec §2 Header: the tenant logo linking to the site root, and the tenant's name. */
export function SiteHeader({ tenantName, logoUrl, actions }: SiteHeaderProps) {
  return (
    <header className="tw-header">
      <div className="container tw-header__inner">
        <Link to="/" className="tw-header__brand">
          <img className="tw-header__logo" src={logoUrl} alt={tenantName} />
        </Link>
        <span className="tw-header__name" aria-hidden="true">
          {/* <bdi>: a tenant name in another script keeps its own direction without moving the separator. */}
          <bdi>{tenantName}</bdi>
        </span>
        {actions ? <div className="tw-header__actions">{actions}</div> : null}
      </div>
    </header>
  );
}
