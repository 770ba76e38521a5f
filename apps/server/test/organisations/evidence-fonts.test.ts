import { SUPPORTED_LANGUAGES } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { evidenceFaces, fontChoice } from '../../src/modules/organisations/evidence/fonts.ts';
import { EVIDENCE_STRINGS } from '../../src/modules/organisations/evidence/strings.ts';
import { piecesOf } from '../../src/modules/organisations/evidence/text-layout.ts';

/**
 * The evidence report's fonts (fonts.ts) hold every character it draws, whatever the language: the report's
 * own words, and titles, notes and names in Chinese, Japanese, Korean, Arabic and Latin script. Each
 * character goes to a font that has a glyph for it (never .notdef, glyph 0), in the forms of its language.
 */
const words = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.values(value as object)
        .map(words)
        .join('');

const MIXED = [
  '品質マネジメントシステム—要求事項', // Japanese: kanji, katakana, a dash
  '품질경영시스템 — 요구사항', // Korean
  '质量管理体系 要求（第2版）', // Simplified Chinese, fullwidth brackets
  '佐藤 花子',
  '김민준',
  '王小明',
  'نظم إدارة الجودة',
  'Qualitätsmanagement — Anforderungen',
];

/** The glyphs each piece of `text` is drawn with, in the font the layout chose for it. */
async function drawnGlyphs(text: string, language: (typeof SUPPORTED_LANGUAGES)[number]) {
  const faces = await evidenceFaces([text]);
  return piecesOf(fontChoice(faces, language), text)
    .filter((piece) => !piece.space)
    .map((piece) => ({
      text: piece.text,
      font: piece.font,
      glyphs: faces[piece.font]!.font.layout(piece.text.replace(/[\u2066-\u2069]/g, '')).glyphs.map(
        (g) => g.id,
      ),
    }));
}

describe('evidence report fonts', () => {
  it.each(SUPPORTED_LANGUAGES)(
    'every character of the %s words has a glyph in its chosen font',
    async (language) => {
      const pieces = await drawnGlyphs(words(EVIDENCE_STRINGS[language]).replace(/\{\w+\}/g, ''), language);
      expect(pieces.filter((p) => p.glyphs.includes(0))).toEqual([]);
    },
  );

  it.each(['en', 'ja', 'ko', 'zh_Hans', 'ar'] as const)(
    'Chinese, Japanese, Korean, Arabic and Latin names and titles all have glyphs in a %s report',
    async (language) => {
      for (const text of MIXED) {
        const pieces = await drawnGlyphs(text, language);
        expect(pieces.filter((p) => p.glyphs.includes(0))).toEqual([]);
      }
    },
  );

  it('a character goes to the face of its text’s language: kana Japanese, Hangul Korean, else the report’s', async () => {
    const fontsOf = async (text: string, language: 'en' | 'ja' | 'zh_Hans') =>
      new Set((await drawnGlyphs(text, language)).map((p) => p.font));
    expect(await fontsOf('品質マネジメント', 'zh_Hans')).toEqual(new Set(['ja']));
    expect(await fontsOf('품질경영', 'ja')).toEqual(new Set(['ko']));
    expect(await fontsOf('质量管理', 'en')).toEqual(new Set(['sc']));
    // 质 is not in Noto Sans JP: a Chinese title in a Japanese report takes it from the next face that has it.
    const inJapanese = await drawnGlyphs('质量', 'ja');
    expect(inJapanese.map((p) => p.font)).toEqual(['sc', 'ja']);
    expect(await fontsOf('ISO 9001 نظم', 'ja')).toEqual(new Set(['latin', 'arabic']));
  });

  it('Arabic is shaped: a word’s letters take their joining forms', async () => {
    const { arabic } = await evidenceFaces(['تقرير']);
    const isolated = arabic!.font.layout('ت').glyphs[0]!.id;
    const joined = arabic!.font.layout('تقرير').glyphs.map((g) => g.id);
    // Laid out right to left: the word's first letter is the last glyph, in its initial form.
    expect(joined.at(-1)).not.toBe(isolated);
    expect(joined).toHaveLength(5);
  });
});
