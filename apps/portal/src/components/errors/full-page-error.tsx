import { useTranslation } from 'react-i18next';
import { DEFAULT_SUPPORT_EMAIL } from '../../config/constants.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BackIcon, HomeIcon, SearchIcon } from '../ui/content-icons.tsx';
import { MailIcon } from '../ui/icons.tsx';

/**
 * spec §2 "Full-page error page", shown when the tenant configuration fails to load (spec §8). It renders
 * without any tenant theme or shell, so it carries its own neutral look. The homepage and search links go
 * to the platform's site when the server named it (an unknown host has no homepage of its own).
 */
export function FullPageError({
  supportEmail = DEFAULT_SUPPORT_EMAIL,
  siteUrl,
  searchUrl,
}: {
  supportEmail?: string | undefined;
  siteUrl?: string | undefined;
  searchUrl?: string | undefined;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('errorPage.documentTitle'));

  return (
    <div className="tw-error-page">
      <main className="tw-error-page__main" aria-labelledby="error-page-title">
        <div className="tw-error-card">
          <p className="tw-error-card__code">
            <span className="tw-visually-hidden">{t('errorPage.codeLabel')} </span>404
          </p>
          <h1 id="error-page-title" className="tw-error-card__title">
            {t('errorPage.message')}
          </h1>
          <h2 className="tw-error-card__subtitle">{t('errorPage.suggestionsHeading')}</h2>
          <ul className="tw-suggestions">
            <li>
              <span className="tw-suggestions__icon">
                <BackIcon />
              </span>
              <button type="button" className="tw-link-button" onClick={() => window.history.back()}>
                {t('errorPage.goBack')}
              </button>
            </li>
            <li>
              <span className="tw-suggestions__icon">
                <HomeIcon />
              </span>
              <a href={siteUrl ?? '/'}>{t('errorPage.homepage')}</a>
            </li>
            <li>
              <span className="tw-suggestions__icon">
                <SearchIcon />
              </span>
              {searchUrl ? (
                <a href={searchUrl}>{t('errorPage.useSearch')}</a>
              ) : (
                <span>{t('errorPage.useSearch')}</span>
              )}
            </li>
          </ul>
        </div>
      </main>
      <footer className="tw-error-page__footer">
        <h2 className="tw-error-page__support-heading">{t('errorPage.supportHeading')}</h2>
        <p className="tw-error-page__support">{t('errorPage.supportText')}</p>
        <a className="tw-support-link" href={`mailto:${supportEmail}`}>
          <MailIcon />
          {supportEmail}
        </a>
      </footer>
    </div>
  );
}
