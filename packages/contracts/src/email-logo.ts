/**
 * The raster rendition of a store's logo that e-mails show. Mail clients do not display SVG
 * (Gmail, Outlook), so the server draws the store's own `logo.svg` as a PNG at `density` times the size the
 * e-mail lays it out, and serves it where any mail client may load it.
 */
export const EMAIL_LOGO = {
  /** CSS pixels: the logo's height in the e-mail header, and the most width it may take. */
  height: 48,
  maxWidth: 320,
  /** Image pixels per CSS pixel (high-density screens). */
  density: 2,
  /** The largest logo SVG the server draws, in bytes; a larger one is refused and e-mails show the name. */
  maxSvgBytes: 256 * 1024,
  /** A drawing that takes longer is stopped and refused. */
  renderTimeoutMs: 3000,
} as const;

/** The largest PNG the server makes: what the e-mail can show, at `density`. */
export const EMAIL_LOGO_MAX_PIXELS = {
  width: EMAIL_LOGO.maxWidth * EMAIL_LOGO.density,
  height: EMAIL_LOGO.height * EMAIL_LOGO.density,
} as const;

/** The PNG of store `code`'s logo, on any store's origin. */
export const emailLogoPath = (code: string) => `/assets/${code}/logo.png`;

/** A store's own served logo (`/assets/<code>/logo.svg`): the one logo the server has and may draw. */
export function tenantLogoCode(path: string): string | undefined {
  return /^\/assets\/([a-z][a-z0-9-]{1,31})\/logo\.svg$/.exec(path)?.[1];
}
