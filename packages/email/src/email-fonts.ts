import { type TenantTheme, THEME_FONTS } from '@trackwell/contracts';

/**
 * The store's theme fonts as system stacks for e-mails: fonts installed on the reader's device
 * only, never a web font from an outside service (a privacy leak, and blocked by many clients). THEME_FONTS
 * are already such stacks; their double quotes become single quotes, because the stack is written into
 * double-quoted MJML attributes and inline styles.
 */
export function emailFontStack(font: TenantTheme['font']): string {
  return THEME_FONTS[font].replace(/"/g, "'");
}
