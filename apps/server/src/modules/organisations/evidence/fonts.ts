import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Language } from '@trackwell/contracts';
import * as fontkit from 'fontkit';
import type { CjkFace, FontChoice, FontRole } from './text-layout.ts';

/**
 * The evidence report's faces (fonts/README.md): Noto Sans and Noto Sans Arabic shipped here, and the whole
 * Noto Sans JP, KR and SC from their npm packages, so any Chinese, Japanese or Korean character of a title,
 * note or name has a glyph. The CJK faces (5–11 MB each) are read only when a report holds a character the
 * first two lack, once per process; each PDF embeds the subset of glyphs it draws.
 */

const require = createRequire(import.meta.url);
const SHIPPED = join(import.meta.dirname, 'fonts');

export const FONT_FILES: Record<FontRole, string> = {
  latin: join(SHIPPED, 'NotoSans-Regular.ttf'),
  arabic: join(SHIPPED, 'NotoSansArabic-Regular.ttf'),
  ja: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  ko: require.resolve('@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf'),
  sc: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
};

export interface Face {
  bytes: Buffer;
  font: fontkit.Font;
}

/** Controls, format characters (the bidi isolates) and spaces: never drawn as glyphs. */
const UNDRAWN = /[\p{Cc}\p{Cf}\p{Z}]/gu;
const loading = new Map<FontRole, Promise<Face>>();

function face(role: FontRole): Promise<Face> {
  let pending = loading.get(role);
  if (!pending) {
    pending = readFile(FONT_FILES[role]).then((bytes) => ({
      bytes,
      font: fontkit.create(bytes) as fontkit.Font,
    }));
    pending.catch(() => loading.delete(role));
    loading.set(role, pending);
  }
  return pending;
}

/** The faces a report's texts need: CJK ones only when a character is in neither Noto Sans nor its Arabic. */
export async function evidenceFaces(texts: Iterable<string>): Promise<Faces> {
  const [latin, arabic] = await Promise.all([face('latin'), face('arabic')]);
  const faces: Faces = { latin, arabic };
  const chars = new Set<number>();
  for (const text of texts) for (const char of text.replace(UNDRAWN, '')) chars.add(char.codePointAt(0)!);
  const uncovered = [...chars].some(
    (code) => !latin.font.hasGlyphForCodePoint(code) && !arabic.font.hasGlyphForCodePoint(code),
  );
  if (uncovered) [faces.ja, faces.ko, faces.sc] = await Promise.all([face('ja'), face('ko'), face('sc')]);
  return faces;
}

export type Faces = Partial<Record<FontRole, Face>>;

const CJK_FACE: Partial<Record<Language, CjkFace>> = { ja: 'ja', ko: 'ko' };

/** The layout's font choice from the loaded faces, Chinese, Japanese or Korean forms by the report's language. */
export const fontChoice = (faces: Faces, language: Language): FontChoice => ({
  cjk: CJK_FACE[language] ?? 'sc',
  has: (font, char) => faces[font]?.font.hasGlyphForCodePoint(char.codePointAt(0)!) ?? false,
});
