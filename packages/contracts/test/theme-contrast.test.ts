import { describe, expect, it } from 'vitest';
import { tenantTheme } from '../src/tenant-definition.ts';
import { contrastRatio, disabledControlColors, themeContrastProblems } from '../src/theme-contrast.ts';

/** A theme like the demo stores' (awwa's colours): passes every rule. */
const theme = {
  colors: {
    primary: '#00539b',
    primaryContrast: '#ffffff',
    secondary: '#00a3e0',
    background: '#f2f7fb',
    surface: '#ffffff',
    text: '#122b40',
    mutedText: '#4f6578',
    link: '#0067b9',
    headerBackground: '#00539b',
    headerText: '#ffffff',
    footerBackground: '#0b2f52',
    footerText: '#d7e6f3',
  },
  font: 'system',
  headingFont: 'system',
  radius: 6,
} as const;

const withColors = (colors: Partial<Record<keyof typeof theme.colors, string>>) => ({
  ...theme,
  colors: { ...theme.colors, ...colors },
});

/** The messages the schema gives, keyed by the colour they name. */
function refusal(input: unknown): Record<string, string> {
  const result = tenantTheme.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('WCAG contrast', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('the theme contrast rule (disabled controls look disabled in every theme)', () => {
  it('accepts a theme whose enabled and disabled buttons differ', () => {
    expect(tenantTheme.safeParse(theme).success).toBe(true);
    expect(themeContrastProblems(theme.colors)).toEqual([]);
  });

  it('refuses a primary colour as pale as the disabled fill, naming the colour and the ratio', () => {
    const pale = withColors({ primary: '#e6ecf2', primaryContrast: '#000000' });
    const disabledFill = disabledControlColors(pale.colors).background;
    expect(refusal(pale)).toEqual({
      'colors.primary': expect.stringMatching(
        new RegExp(
          `stand out from the disabled-control colour ${disabledFill} by at least 3:1 \\(it is 1\\.\\d:1\\)`,
        ),
      ),
    });
  });

  it('refuses unreadable text on the primary colour', () => {
    expect(refusal(withColors({ primaryContrast: '#3a6ea5' }))).toEqual({
      'colors.primaryContrast': expect.stringContaining('at least 4.5:1'),
    });
  });

  it('refuses a muted text too faint to label a disabled control', () => {
    expect(refusal(withColors({ mutedText: '#c0c8d0' }))).toEqual({
      'colors.mutedText': expect.stringContaining('labels disabled controls'),
    });
  });

  it('derives a disabled style that keeps its own rules on a dark theme (pacific)', () => {
    const dark = { primary: '#14b8a6', primaryContrast: '#04201c', surface: '#15222e', mutedText: '#93a9b5' };
    const disabled = disabledControlColors(dark);
    expect(contrastRatio(dark.primary, disabled.background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(disabled.text, disabled.background)).toBeGreaterThanOrEqual(4.5);
  });
});
