import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts the logo renderer draws text with. A WebAssembly renderer sees no system fonts, so the server
 * ships its own: DejaVu (the `dejavu-fonts-ttf` package, a free licence; Latin, Greek, Cyrillic, Arabic, Hebrew),
 * sans and serif, regular and bold.
 */
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf'];

export const SANS = 'DejaVu Sans';
export const SERIF = 'DejaVu Serif';

export function loadLogoFonts(): Uint8Array[] {
  const require = createRequire(import.meta.url);
  return FONT_FILES.map((file) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
}

const SERIF_NAMES = new Set([
  'serif',
  'ui-serif',
  'georgia',
  'cambria',
  'times',
  'times new roman',
  'garamond',
  'palatino',
  'palatino linotype',
  'book antiqua',
  'baskerville',
  'dejavu serif',
  'dejavu serif condensed',
  'noto serif',
  'liberation serif',
]);

const SANS_NAMES = new Set([
  'sans-serif',
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  'blinkmacsystemfont',
  'helvetica',
  'helvetica neue',
  'arial',
  'verdana',
  'dejavu sans',
  'dejavu sans condensed',
  'noto sans',
  'liberation sans',
]);

/** The font we have for a CSS font-family list: the first family in it we know as serif or sans. */
export function pickFontFamily(list: string): string {
  for (const item of list.split(',')) {
    const name = item
      .trim()
      .replace(/^["']|["']$/g, '')
      .trim()
      .toLowerCase();
    if (SERIF_NAMES.has(name)) return SERIF;
    if (SANS_NAMES.has(name)) return SANS;
  }
  return SANS;
}

/**
 * resvg-wasm 2.6 tries only the FIRST family of a font-family list and ignores generic families (a logo
 * asking for `Georgia, "DejaVu Serif", serif` came out in sans), so every font-family, as an attribute or
 * in CSS, is replaced by the one font of ours it asks for.
 */
export function resolveFontFamilies(svg: string): string {
  return svg
    .replace(
      /\bfont-family\s*=\s*(["'])(.*?)\1/gis,
      (_, quote: string, list: string) => `font-family=${quote}${pickFontFamily(list)}${quote}`,
    )
    .replace(
      /\bfont-family\s*:\s*((?:"[^"]*"|'[^']*'|[^;}"'])*)/gi,
      (_, list: string) => `font-family:${pickFontFamily(list.replace(/&quot;/g, '"'))}`,
    );
}
