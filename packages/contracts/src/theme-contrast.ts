/**
 * Contrast rules for tenant themes: a disabled control must look disabled in every theme.
 * Disabled controls are not drawn in the theme's primary colour (Bootstrap's faded primary looked enabled on
 * light-blue and teal themes): they take a neutral style derived here from the theme's surface and muted text,
 * and the theme schema refuses, when a theme is saved, colours that would make that style hard to tell apart
 * from an enabled control or hard to read. WCAG 2.2 relative luminance and contrast ratio.
 */

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `weight` of `b` mixed into `a` (sRGB, like CSS color-mix). */
export function mixColors(a: string, b: string, weight: number): string {
  const [x, y] = [toRgb(a), toRgb(b)];
  return toHex(x.map((v, i) => v * (1 - weight) + y[i]! * weight) as Rgb);
}

/** Enabled labels on the primary colour and disabled labels: normal text, WCAG AA. */
export const MIN_TEXT_CONTRAST = 4.5;
/** An enabled button's fill against the disabled fill: WCAG 1.4.11 non-text contrast. */
export const MIN_STATE_CONTRAST = 3;

/** The colours a disabled control takes in a theme: a neutral fill, muted text and a dashed muted border. */
export function disabledControlColors(colors: { surface: string; mutedText: string }) {
  return {
    background: mixColors(colors.surface, colors.mutedText, 0.1),
    text: colors.mutedText,
    border: colors.mutedText,
  };
}

export interface ThemeContrastProblem {
  /** The colour to change, under `colors`. */
  field: 'primary' | 'primaryContrast' | 'mutedText';
  message: string;
}

const ratio = (n: number) => `${(Math.floor(n * 10) / 10).toFixed(1)}:1`;

/** What a theme's colours break of the rules above; empty when the theme is fine. */
export function themeContrastProblems(colors: {
  primary: string;
  primaryContrast: string;
  surface: string;
  mutedText: string;
}): ThemeContrastProblem[] {
  const problems: ThemeContrastProblem[] = [];
  const disabled = disabledControlColors(colors);
  const label = contrastRatio(colors.primary, colors.primaryContrast);
  if (label < MIN_TEXT_CONTRAST) {
    problems.push({
      field: 'primaryContrast',
      message: `text on the primary colour needs a contrast of at least ${MIN_TEXT_CONTRAST}:1 (it is ${ratio(label)})`,
    });
  }
  const state = contrastRatio(colors.primary, disabled.background);
  if (state < MIN_STATE_CONTRAST) {
    problems.push({
      field: 'primary',
      message: `the primary colour must stand out from the disabled-control colour ${disabled.background} by at least ${MIN_STATE_CONTRAST}:1 (it is ${ratio(state)}), so that disabled buttons look disabled`,
    });
  }
  const muted = contrastRatio(disabled.text, disabled.background);
  if (muted < MIN_TEXT_CONTRAST) {
    problems.push({
      field: 'mutedText',
      message: `muted text labels disabled controls and needs a contrast of at least ${MIN_TEXT_CONTRAST}:1 on ${disabled.background} (it is ${ratio(muted)})`,
    });
  }
  return problems;
}
