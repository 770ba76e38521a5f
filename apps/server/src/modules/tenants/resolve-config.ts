import { TENANT_CONFIG_URL_KEYS, type TenantConfig } from '@trackwell/contracts';

/**
 * Stored tenant URLs may be paths on the tenant's own origin ("/oauth2/default"), so one definition works
 * on any host and port. The configuration service answers them absolute, resolved against the store's
 * canonical origin (configuration, never the request's Host), because the portal hands them to the Okta
 * SDK, which needs absolute URLs.
 */
export function resolveTenantConfig(config: TenantConfig, origin: string): TenantConfig {
  const abs = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const resolved: TenantConfig = {
    ...config,
    footer: {
      ...config.footer,
      links: config.footer.links.map((l) => ({ ...l, url: abs(l.url) })),
      socials: { links: config.footer.socials.links.map((l) => ({ ...l, url: abs(l.url) })) },
    },
    ui: {
      ...config.ui,
      themeStylesheetUrl: abs(config.ui.themeStylesheetUrl),
      logoUrl: abs(config.ui.logoUrl),
      poweredByLogoUrl: abs(config.ui.poweredByLogoUrl),
      contactUrl: abs(config.ui.contactUrl),
    },
  };
  for (const key of TENANT_CONFIG_URL_KEYS) resolved[key] = abs(config[key]);
  return resolved;
}
