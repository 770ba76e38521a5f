import {
  disabledControlColors,
  type TenantTheme,
  THEME_FONTS,
  tenantThemeValues,
} from '@trackwell/contracts';

/**
 * Compiles a tenant theme into its stylesheet: CSS custom properties for Trackwell's own components, and
 * Bootstrap's --bs-* variables mapped onto them. Every value is re-validated here (colours are #rrggbb, fonts
 * come from an allow-list, the radius is a bounded integer), so nothing a tenant writes can close the
 * declaration block or the sheet. Disabled controls get a neutral style derived from the theme
 * (`disabledControlColors`), never a faded primary: the theme's contrast rules, checked when it is saved
 * (`tenantTheme`), keep it distinct from enabled buttons. A theme stored before those rules still compiles.
 */
export function compileThemeCss(input: TenantTheme): string {
  const theme = tenantThemeValues.parse(input);
  const c = theme.colors;
  const disabled = disabledControlColors(c);
  // Bootstrap's select arrow (same chevron) in the header's text colour: its own is dark, nearly invisible on
  // dark headers. The colour is a validated #rrggbb, so the data URL cannot be broken out of.
  const headerArrow = `url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3e%3cpath fill='none' stroke='%23${c.headerText.slice(1)}' stroke-linecap='round' stroke-linejoin='round' stroke-width='2' d='m2 5 6 6 6-6'/%3e%3c/svg%3e")`;
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ');
  return `/* Trackwell tenant theme (generated) */
:root {
  --tw-primary: ${c.primary};
  --tw-primary-contrast: ${c.primaryContrast};
  --tw-secondary: ${c.secondary};
  --tw-bg: ${c.background};
  --tw-surface: ${c.surface};
  --tw-text: ${c.text};
  --tw-muted: ${c.mutedText};
  --tw-link: ${c.link};
  --tw-header-bg: ${c.headerBackground};
  --tw-header-text: ${c.headerText};
  --tw-footer-bg: ${c.footerBackground};
  --tw-footer-text: ${c.footerText};
  --tw-font: ${THEME_FONTS[theme.font]};
  --tw-heading-font: ${THEME_FONTS[theme.headingFont]};
  --tw-radius: ${theme.radius}px;
  --tw-disabled-bg: ${disabled.background};
  --tw-disabled-text: ${disabled.text};
  --tw-disabled-border: ${disabled.border};
  --tw-header-select-arrow: ${headerArrow};

  --bs-primary: ${c.primary};
  --bs-primary-rgb: ${rgb(c.primary)};
  --bs-secondary: ${c.secondary};
  --bs-secondary-rgb: ${rgb(c.secondary)};
  --bs-body-bg: ${c.background};
  --bs-body-bg-rgb: ${rgb(c.background)};
  --bs-body-color: ${c.text};
  --bs-body-color-rgb: ${rgb(c.text)};
  --bs-secondary-color: ${c.mutedText};
  --bs-tertiary-bg: ${c.surface};
  --bs-link-color: ${c.link};
  --bs-link-color-rgb: ${rgb(c.link)};
  --bs-link-hover-color: ${c.primary};
  --bs-body-font-family: var(--tw-font);
  --bs-border-radius: ${theme.radius}px;
  --bs-border-radius-sm: ${Math.round(theme.radius * 0.75)}px;
  --bs-border-radius-lg: ${Math.round(theme.radius * 1.5)}px;
  --bs-focus-ring-color: rgba(${rgb(c.primary)}, 0.35);
}
h1, h2, h3, h4, h5, h6, .h1, .h2, .h3, .h4, .h5, .h6 { font-family: var(--tw-heading-font); }
.btn-primary {
  --bs-btn-bg: ${c.primary};
  --bs-btn-border-color: ${c.primary};
  --bs-btn-color: ${c.primaryContrast};
  --bs-btn-hover-bg: ${c.secondary};
  --bs-btn-hover-border-color: ${c.secondary};
  --bs-btn-hover-color: ${c.primaryContrast};
  --bs-btn-active-bg: ${c.secondary};
  --bs-btn-active-border-color: ${c.secondary};
}
`;
}

export { contentEtag as themeEtag } from '../../http/etag.ts';
