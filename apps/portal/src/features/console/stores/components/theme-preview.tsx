import { type ConsoleStoreDefinition, disabledControlColors, THEME_FONTS } from '@trackwell/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

type Theme = ConsoleStoreDefinition['theme'];

/** The portal's own theme variables (the server's theme-css.ts), from a theme not yet saved. */
export function themeVariables(theme: Theme): CSSProperties {
  const c = theme.colors;
  const disabled = disabledControlColors(c);
  return {
    '--tw-primary': c.primary,
    '--tw-primary-contrast': c.primaryContrast,
    '--tw-secondary': c.secondary,
    '--tw-bg': c.background,
    '--tw-surface': c.surface,
    '--tw-text': c.text,
    '--tw-muted': c.mutedText,
    '--tw-link': c.link,
    '--tw-header-bg': c.headerBackground,
    '--tw-header-text': c.headerText,
    '--tw-footer-bg': c.footerBackground,
    '--tw-footer-text': c.footerText,
    '--tw-font': THEME_FONTS[theme.font],
    '--tw-heading-font': THEME_FONTS[theme.headingFont],
    '--tw-radius': `${theme.radius}px`,
    '--tw-disabled-bg': disabled.background,
    '--tw-disabled-text': disabled.text,
    '--tw-disabled-border': disabled.border,
    '--bs-border-radius': `${theme.radius}px`,
  } as CSSProperties;
}

/**
 * A small rendition of the store's tracker page and sign-in page in the theme being edited: the portal's own
 * classes under the theme's variables, so colours and contrast show as they will. A picture, not a page:
 * inert, so its buttons and link are neither focused nor pressed.
 */
export function ThemePreview({ theme, name, logoUrl }: { theme: Theme; name: string; logoUrl: string }) {
  const { t } = useTranslation('console-stores');
  const { t: tTracker } = useTranslation('tracker');
  return (
    <section className="tw-stores__preview" aria-labelledby="tw-stores-preview-title">
      <h3 id="tw-stores-preview-title" className="h6">
        {t('theme.preview')}
      </h3>
      <div className="tw-stores-preview" style={themeVariables(theme)} data-testid="theme-preview" inert>
        <p className="tw-stores-preview__caption">{t('theme.trackerPage')}</p>
        <div className="tw-stores-preview__page">
          <div className="tw-stores-preview__header">
            <img className="tw-stores-preview__logo" src={logoUrl} alt="" />
            <span className="tw-stores-preview__name">{name}</span>
          </div>
          <div className="tw-stores-preview__body">
            <div className="tw-stores-preview__card">
              <p className="tw-stores-preview__heading">{t('theme.sampleStandards')}</p>
              <p className="tw-stores-preview__muted">{t('theme.sampleStandard')}</p>
              <div className="tw-stores-preview__buttons">
                <button type="button" className="btn btn-primary btn-sm">
                  {tTracker('track')}
                </button>
                <button type="button" className="btn btn-primary btn-sm" disabled>
                  {tTracker('track')}
                </button>
              </div>
              <a className="tw-stores-preview__link" href="#preview">
                {t('theme.sampleLink')}
              </a>
            </div>
          </div>
          <div className="tw-stores-preview__footer">{t('theme.sampleFooter')}</div>
        </div>
        <p className="tw-stores-preview__caption">{t('theme.signInPage')}</p>
        <div className="tw-stores-preview__page tw-stores-preview__body">
          <div className="tw-stores-preview__card tw-stores-preview__signin">
            <p className="tw-stores-preview__heading">{t('theme.sampleSignIn')}</p>
            <span className="tw-stores-preview__input" aria-hidden="true" />
            <button type="button" className="btn btn-primary btn-sm">
              {t('theme.sampleNext')}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
