import { z } from 'zod';
import { hexColor, hostName, tenantCode } from './safe-values.ts';
import { featureFlags, tenantConfig } from './tenant-config.ts';
import { themeContrastProblems } from './theme-contrast.ts';

/*
 * What an operator saves for a store besides the configuration the portal receives: its theme and the whole
 * definition. A module of its own so the portal, which reads only the configuration, does not carry the
 * theme rules (contrast checks and their messages) in its first download.
 */

/** The longest logo SVG a store keeps (characters; what the console's logo upload may produce). */
export const LOGO_SVG_MAX_LENGTH = 200_000;
/** Font stacks a theme may choose from: an allow-list, so no tenant value is written raw into CSS. */
export const THEME_FONTS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  humanist: '"Trebuchet MS", "Lucida Grande", "Lucida Sans Unicode", "DejaVu Sans", sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", "DejaVu Serif", serif',
  geometric: 'Futura, "Century Gothic", "URW Gothic", Avenir, "DejaVu Sans", sans-serif',
  condensed:
    '"Arial Narrow", "Roboto Condensed", "Liberation Sans Narrow", "DejaVu Sans Condensed", sans-serif',
} as const;

/**
 * A tenant's visual theme: compiled by the server into the theme stylesheet. Every value is a colour
 * matching #rrggbb, a font key from the allow-list or a bounded number, so a theme cannot inject CSS.
 * `tenantThemeValues` checks only that; `tenantTheme` (what a saved theme must pass) adds the contrast rules.
 */
export const tenantThemeValues = z.object({
  colors: z.object({
    primary: hexColor,
    primaryContrast: hexColor,
    secondary: hexColor,
    background: hexColor,
    surface: hexColor,
    text: hexColor,
    mutedText: hexColor,
    link: hexColor,
    headerBackground: hexColor,
    headerText: hexColor,
    footerBackground: hexColor,
    footerText: hexColor,
  }),
  font: z.enum(Object.keys(THEME_FONTS) as [keyof typeof THEME_FONTS, ...(keyof typeof THEME_FONTS)[]]),
  headingFont: z.enum(
    Object.keys(THEME_FONTS) as [keyof typeof THEME_FONTS, ...(keyof typeof THEME_FONTS)[]],
  ),
  /** Corner radius in px. */
  radius: z.number().int().min(0).max(24),
});

/**
 * Disabled controls must look disabled in every theme, so a theme is refused when it is saved
 * if its colours would make the derived disabled style (`disabledControlColors`) hard to tell from an
 * enabled button or hard to read; each problem names the colour to change and the ratio it has.
 */
export const tenantTheme = tenantThemeValues.superRefine((theme, ctx) => {
  for (const problem of themeContrastProblems(theme.colors)) {
    ctx.addIssue({ code: 'custom', path: ['colors', problem.field], message: problem.message });
  }
});
export type TenantTheme = z.infer<typeof tenantTheme>;

/** Everything an operator writes to create or update a tenant; validated before anything is stored. */
export const tenantDefinition = z.object({
  code: tenantCode,
  /**
   * Host names that select this tenant (tenant = host), each at most once. The first is canonical: every
   * absolute URL of the store (e-mail links, issuer, configuration URIs) is built from it.
   */
  hosts: z
    .array(hostName)
    .min(1)
    .max(20)
    .refine((hosts) => new Set(hosts).size === hosts.length, 'must not repeat a host'),
  config: tenantConfig,
  theme: tenantTheme,
  featureFlags,
  /** The tenant logo as SVG markup (validated: no scripts, event handlers, external references). */
  logoSvg: z.string().max(LOGO_SVG_MAX_LENGTH),
});
export type TenantDefinition = z.infer<typeof tenantDefinition>;
