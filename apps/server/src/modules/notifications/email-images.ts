import { EMAIL_LOGO, emailLogoPath, type TenantConfig, tenantLogoCode } from '@trackwell/contracts';
import type { EmailImage } from '@trackwell/email';
import type { LogoPngs } from '../tenants/logo-png/logo-pngs.ts';

export interface EmailImages {
  logo?: EmailImage | undefined;
  poweredBy?: EmailImage | undefined;
}

/**
 * The PNG logos a store's e-mails show, as absolute URLs on the store's origin with the
 * logo's version (`?v=`, cached for a year by clients) and their size in CSS pixels.
 *
 * The store's logo is always the PNG of its own logo.svg (every store has one), even when its `logoUrl`
 * points elsewhere: the server never fetches a URL named in a configuration (that would let a store's
 * settings make the server call any address: SSRF). The "Powered by" logo is a PNG when
 * `poweredByLogoUrl` is a store's own `/assets/<code>/logo.svg` on this origin; otherwise the e-mail names
 * the platform in text. A logo that cannot be drawn is left out: the e-mail shows the name instead.
 */
export async function emailImagesOf(
  logoPngs: LogoPngs,
  tenant: { code: string; config: TenantConfig },
  origin: string,
): Promise<EmailImages> {
  const image = async (code: string): Promise<EmailImage | undefined> => {
    const logo = await logoPngs.ofStore(code);
    if (!logo || 'refused' in logo) return undefined;
    const url = new URL(emailLogoPath(code), origin);
    url.searchParams.set('v', logo.version);
    return {
      url: url.toString(),
      width: logo.width / EMAIL_LOGO.density,
      height: logo.height / EMAIL_LOGO.density,
    };
  };
  const poweredBy = new URL(tenant.config.ui.poweredByLogoUrl, origin);
  const poweredByCode =
    poweredBy.origin === new URL(origin).origin ? tenantLogoCode(poweredBy.pathname) : undefined;
  const [logo, poweredByLogo] = await Promise.all([
    image(tenant.code),
    tenant.config.ui.footerLogo === 'poweredBy' && poweredByCode ? image(poweredByCode) : undefined,
  ]);
  return { logo, poweredBy: poweredByLogo };
}
