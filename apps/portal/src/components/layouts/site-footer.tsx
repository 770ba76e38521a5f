import { pickLocalized, type TenantConfig, type TextByLanguage } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAME } from '../../config/constants.ts';
import { asLanguage } from '../../lib/language.ts';
import { ExternalLink } from '../ui/external-link.tsx';
import { SocialIcon } from './social-icon.tsx';

export type SiteFooterProps = {
  tenantName: string;
  footer: TenantConfig['footer'];
  ui: Pick<
    TenantConfig['ui'],
    'footerLogo' | 'logoUrl' | 'poweredByLogoUrl' | 'copyrightLine' | 'defaultLanguage'
  >;
  /** The year of the copyright line; today's by default. */
  year?: number;
};

/**
 * spec §2 Footer: social icon links and translated bottom links (all opening in a new tab), the copyright line
 * with the year and the display address where the tenant has it (`ui.copyrightLine`, the platform tenant), and
 * the tenant's own logo (`ui.footerLogo: 'tenant'`, awwa and aenor) or "Powered by:" with the platform logo.
 * A default export: the shell loads it lazily with its Font Awesome icons, after the first screen.
 */
export default function SiteFooter({
  tenantName,
  footer,
  ui,
  year = new Date().getFullYear(),
}: SiteFooterProps) {
  const { t, i18n } = useTranslation();
  const pageLanguage = asLanguage(i18n.language) ?? ui.defaultLanguage;
  const socials = footer.socials.links;
  // Store-written texts in the page's language where the store wrote one.
  const localized = (base: string, byLanguage: TextByLanguage | undefined) =>
    pickLocalized(base, byLanguage, pageLanguage, ui.defaultLanguage).text;
  const address = localized(footer.displayAddress, footer.displayAddress_by_language);

  return (
    <footer className="tw-footer">
      <div className="container">
        <div className="tw-footer__top">
          <div className="tw-footer__brand">
            {ui.footerLogo === 'tenant' ? (
              <img className="tw-footer__logo" src={ui.logoUrl} alt={tenantName} />
            ) : (
              <>
                <span className="tw-footer__powered-by">{t('footer.poweredBy')}</span>
                <img className="tw-footer__logo" src={ui.poweredByLogoUrl} alt={PLATFORM_NAME} />
              </>
            )}
          </div>
          {socials.length > 0 ? (
            <ul className="tw-footer__socials" aria-label={t('footer.socialLinks')}>
              {socials.map((social) => (
                <li key={`${social.label} ${social.url}`}>
                  <ExternalLink
                    href={social.url}
                    className="tw-footer__social"
                    label={localized(social.label, social.label_by_language)}
                  >
                    <SocialIcon name={social['fa-icon']} />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {footer.links.length > 0 ? (
          <nav aria-label={t('footer.linksLabel')}>
            <ul className="tw-footer__links">
              {footer.links.map((link) => (
                <li key={`${link.label} ${link.url}`}>
                  <ExternalLink href={link.url}>{t(`footer.links.${link.label}`)}</ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {ui.copyrightLine.enabled ? (
          <p className="tw-footer__copyright">
            {/* The address is isolated (FSI…PDI), so a Latin address keeps its order inside an Arabic line. */}
            {t('footer.copyright', { year, address: `\u2068${address}\u2069` })}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
