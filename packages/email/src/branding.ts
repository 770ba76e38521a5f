import type {
  FOOTER_LINK_KEYS,
  Language,
  TenantConfig,
  TenantTheme,
  TextByLanguage,
} from '@trackwell/contracts';
import { emailFontStack } from './email-fonts.ts';

/** What a store's e-mails show of it: name, links, logos, fonts, colours and footer, from its config and theme. */

type FooterLinkKey = (typeof FOOTER_LINK_KEYS)[number];

/** A raster image an e-mail shows: an absolute URL any mail client may load, and its size in CSS pixels. */
export interface EmailImage {
  url: string;
  width: number;
  height: number;
}

/** Everything tenant-specific the e-mail shows; built from the tenant's config and theme. */
export interface EmailBranding {
  tenantName: string;
  /** Absolute URLs: a mail client has no base URL. */
  homeUrl: string;
  /** The logo as configured (SVG): for web pages such as the unsubscribe page, not for e-mails. */
  logoUrl: string;
  /**
   * The logo e-mails show: a PNG of the store's logo (Gmail and Outlook show no SVG), with its size so that
   * clients lay it out before loading it. Absent (not drawable): the e-mail shows the store's name instead.
   */
  logo?: EmailImage | undefined;
  /** spec §2 Footer: the tenant's own logo ('tenant') or "Powered by:" + the platform logo. */
  footerLogo: 'tenant' | 'poweredBy';
  poweredByLogoUrl: string;
  /** The platform logo as a PNG for e-mails; absent: the platform's name as text. */
  poweredByLogo?: EmailImage | undefined;
  /** The theme's body and heading fonts as system font stacks (no web fonts in e-mails). */
  fonts: { body: string; heading: string };
  colors: {
    /** What the logo is drawn on (the portal's header): the e-mail's header too. */
    headerBackground: string;
    headerText: string;
    primary: string;
    primaryContrast: string;
    background: string;
    surface: string;
    text: string;
    mutedText: string;
    link: string;
    footerBackground: string;
    footerText: string;
  };
  footerLinks: Array<{ label: FooterLinkKey; url: string }>;
  displayAddress: string;
  /** The address as the store writes it for other languages; the e-mail picks the reader's. */
  displayAddressByLanguage?: TextByLanguage | undefined;
  /** The language `displayAddress` is written in (the store's default language). */
  defaultLanguage?: Language | undefined;
}

/**
 * `origin` is the tenant's own origin (http://astm.localhost:8080); relative config URLs resolve against it.
 * `images` are the PNG logos for e-mails (the server draws them: modules/tenants/logo-png).
 */
export function brandingFromTenant(
  tenant: { config: TenantConfig; theme: TenantTheme },
  origin: string,
  images: { logo?: EmailImage | undefined; poweredBy?: EmailImage | undefined } = {},
): EmailBranding {
  const abs = (url: string) => new URL(url, origin).toString();
  const c = tenant.theme.colors;
  return {
    tenantName: tenant.config.tenantName,
    homeUrl: abs('/'),
    logoUrl: abs(tenant.config.ui.logoUrl),
    logo: images.logo,
    footerLogo: tenant.config.ui.footerLogo,
    poweredByLogoUrl: abs(tenant.config.ui.poweredByLogoUrl),
    poweredByLogo: images.poweredBy,
    fonts: { body: emailFontStack(tenant.theme.font), heading: emailFontStack(tenant.theme.headingFont) },
    colors: {
      headerBackground: c.headerBackground,
      headerText: c.headerText,
      primary: c.primary,
      primaryContrast: c.primaryContrast,
      background: c.background,
      surface: c.surface,
      text: c.text,
      mutedText: c.mutedText,
      link: c.link,
      footerBackground: c.footerBackground,
      footerText: c.footerText,
    },
    footerLinks: tenant.config.footer.links.map((l) => ({ label: l.label, url: abs(l.url) })),
    displayAddress: tenant.config.footer.displayAddress,
    displayAddressByLanguage: tenant.config.footer.displayAddress_by_language,
    defaultLanguage: tenant.config.ui.defaultLanguage,
  };
}
