import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_STRINGS } from '../../src/modules/organisations/evidence/strings.ts';

/**
 * The evidence report's shipped fonts hold every character of its words in every language: the CJK files
 * are subsets (scripts/evidence-fonts.ts), so a word changed without making them again would print as boxes.
 */
const FONTS = join(import.meta.dirname, '../../src/modules/organisations/evidence/fonts');
const open = (file: string) => fontkit.openSync(join(FONTS, file)) as fontkit.Font;
const latin = open('NotoSans-Regular.ttf');
const arabic = open('NotoSansArabic-Regular.ttf');
const cjk: Record<string, fontkit.Font> = {
  ja: open('NotoSansCJKjp-Evidence.otf'),
  ko: open('NotoSansCJKkr-Evidence.otf'),
  zh_Hans: open('NotoSansCJKsc-Evidence.otf'),
};
const words = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.values(value as object)
        .map(words)
        .join('');

describe('evidence report fonts', () => {
  it.each(SUPPORTED_LANGUAGES)('every character of the %s words has a glyph', (language) => {
    const missing = [...new Set(words(EVIDENCE_STRINGS[language]).replace(/\{\w+\}/g, ''))].filter((char) => {
      const code = char.codePointAt(0)!;
      return ![latin, arabic, cjk[language] ?? cjk.zh_Hans!].some((font) => font.hasGlyphForCodePoint(code));
    });
    expect(missing).toEqual([]);
  });

  it('Arabic is shaped: a word’s letters take their joining forms', () => {
    const isolated = arabic.layout('ت').glyphs[0]!.id;
    const joined = arabic.layout('تقرير').glyphs.map((g) => g.id);
    // Laid out right to left: the word's first letter is the last glyph, in its initial form.
    expect(joined.at(-1)).not.toBe(isolated);
    expect(joined).toHaveLength(5);
  });
});
