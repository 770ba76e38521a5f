import { contrastRatio, THEME_FONTS } from '@trackwell/contracts';

/** WCAG contrast ratio: one definition, the theme rules' (contracts theme-contrast.ts). */
export { contrastRatio };

/**
 * Wordmark logos for the demo tenants, drawn from each tenant's own colours: an emblem on the left and the
 * name (with an optional tagline) on the right. The output is plain, static SVG — no script, no external
 * reference, no url() — so it passes the write-time guard in repositories/svg-guard.ts.
 */

/** The emblem drawn in the 48×48 square on the left. */
export type LogoEmblem = 'track' | 'drop' | 'ring' | 'hexagon' | 'wave';

export interface LogoSpec {
  /** The wordmark, e.g. "AWWA". */
  name: string;
  /** A smaller line under the wordmark, e.g. "Standards Store". */
  tagline?: string;
  /** One to three letters drawn inside the emblems that carry letters (ring, hexagon). */
  initials: string;
  emblem: LogoEmblem;
  /** Emblem fill. */
  primary: string;
  /** Marks drawn on the emblem (usually the primary's contrast colour). */
  onPrimary: string;
  /** What the logo sits on (the header background): an emblem that would vanish into it is drawn inverted. */
  background: string;
  /** Wordmark colour (the header text colour); the tagline is the same colour, lighter. */
  text: string;
  font: keyof typeof THEME_FONTS;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Font stacks contain double quotes; inside a single-quoted attribute they need no escaping, but ' would. */
const fontAttribute = (font: keyof typeof THEME_FONTS) => THEME_FONTS[font].replace(/'/g, '"');

function emblem(spec: LogoSpec): string {
  // A primary emblem on a primary header would vanish: draw it in the text colour with primary marks instead.
  const inverted = contrastRatio(spec.primary, spec.background) < 1.6;
  const fill = inverted ? spec.text : spec.primary;
  const mark = inverted ? spec.primary : spec.onPrimary;
  const letters = (size: number, y: number) =>
    `<text x="28" y="${y}" text-anchor="middle" font-size="${size}" font-weight="700" fill="${mark}" ` +
    `font-family='${fontAttribute(spec.font)}' letter-spacing="0.5">${escapeXml(spec.initials)}</text>`;
  switch (spec.emblem) {
    case 'track': // a rounded tile with a check mark riding on two rails: "tracked"
      return (
        `<rect x="4" y="4" width="48" height="48" rx="12" fill="${fill}"/>` +
        `<path d="M14 29 l8 8 l20 -20" fill="none" stroke="${mark}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<path d="M14 44 h28" stroke="${mark}" stroke-width="2.5" stroke-linecap="round" opacity="0.7"/>`
      );
    case 'drop': // a water drop with a wave across it
      return (
        `<path d="M28 4 C28 4 10 24 10 35 a18 18 0 0 0 36 0 C46 24 28 4 28 4 Z" fill="${fill}"/>` +
        `<path d="M16 36 q6 -5 12 0 t12 0" fill="none" stroke="${mark}" stroke-width="3" stroke-linecap="round"/>` +
        `<path d="M19 43 q4.5 -3.5 9 0 t9 0" fill="none" stroke="${mark}" stroke-width="2.5" stroke-linecap="round" opacity="0.75"/>`
      );
    case 'ring': // a disc with a thin inner ring and the initials
      return (
        `<circle cx="28" cy="28" r="24" fill="${fill}"/>` +
        `<circle cx="28" cy="28" r="19.5" fill="none" stroke="${mark}" stroke-width="1.5" opacity="0.8"/>` +
        letters(spec.initials.length > 1 ? 15 : 22, spec.initials.length > 1 ? 33 : 36)
      );
    case 'hexagon': // a hexagon with a north-pointing star above the initial
      return (
        `<path d="M28 3 L49.65 15.5 L49.65 40.5 L28 53 L6.35 40.5 L6.35 15.5 Z" fill="${fill}"/>` +
        `<path d="M28 10 L31 19 L28 17.2 L25 19 Z" fill="${mark}"/>` +
        letters(spec.initials.length > 1 ? 14 : 20, 39)
      );
    case 'wave': // a disc crossed by three swells
      return (
        `<circle cx="28" cy="28" r="24" fill="${fill}"/>` +
        `<path d="M9 22 q4.75 -5 9.5 0 t9.5 0 t9.5 0 t9.5 0" fill="none" stroke="${mark}" stroke-width="3" stroke-linecap="round"/>` +
        `<path d="M8 30 q5 -5 10 0 t10 0 t10 0 t10 0" fill="none" stroke="${mark}" stroke-width="3" stroke-linecap="round" opacity="0.85"/>` +
        `<path d="M11 38 q4.25 -4.5 8.5 0 t8.5 0 t8.5 0 t8.5 0" fill="none" stroke="${mark}" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`
      );
  }
}

/** Renders the logo. Throws on a colour that is not #rrggbb (the values land in attributes). */
export function tenantLogoSvg(spec: LogoSpec): string {
  for (const colour of [spec.primary, spec.onPrimary, spec.background, spec.text]) {
    if (!HEX.test(colour)) throw new Error(`Logo colour ${colour} is not a #rrggbb colour`);
  }
  const nameSize = 24;
  const taglineSize = 11;
  // Text width is estimated (no font metrics here): generous enough that no glyph is clipped.
  const width = Math.ceil(
    Math.max(
      64 + spec.name.length * nameSize * 0.68,
      64 + (spec.tagline?.length ?? 0) * (taglineSize * 0.78 + 1.2),
    ) + 8,
  );
  const font = fontAttribute(spec.font);
  const nameY = spec.tagline ? 30 : 36;
  const tagline = spec.tagline
    ? `<text x="64" y="46" font-size="${taglineSize}" fill="${spec.text}" fill-opacity="0.75" font-family='${font}' letter-spacing="1.2">${escapeXml(spec.tagline.toUpperCase())}</text>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${escapeXml(spec.name)}">`,
    `<title>${escapeXml(spec.name)}</title>`,
    emblem(spec),
    `<text x="64" y="${nameY}" font-size="${nameSize}" font-weight="700" fill="${spec.text}" font-family='${font}'>${escapeXml(spec.name)}</text>`,
    tagline,
    '</svg>',
  ].join('');
}
