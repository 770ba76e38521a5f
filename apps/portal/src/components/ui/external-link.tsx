import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ExternalLinkProps = {
  href: string;
  children: ReactNode;
  className?: string;
  /** For icon-only links: the name read out instead of the (decorative) children. */
  label?: string;
};

/**
 * A link that opens in a new tab (spec §2: the contact link, footer links, social icons, sidebar links), with
 * `rel="noopener noreferrer"` so the opened page cannot reach back into this one, and "(opens in a new tab)"
 * for screen readers, so nobody is surprised by the new tab.
 */
export function ExternalLink({ href, children, className, label }: ExternalLinkProps) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}{' '}
      <span className="tw-visually-hidden">
        {label ? `${label} ${t('app.opensInNewTab')}` : t('app.opensInNewTab')}
      </span>
    </a>
  );
}
