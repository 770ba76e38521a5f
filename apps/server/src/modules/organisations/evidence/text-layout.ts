import bidiModule, { type Bidi } from 'bidi-js';

/**
 * Lines of text for the PDF, in any of the report's scripts, mixed: each run gets the font that has its
 * script (Latin/Greek/Cyrillic, Arabic, CJK) or, failing that, the first that has a glyph for it; a Chinese,
 * Japanese or Korean character is drawn in the face of its text's language (kana: Japanese, Hangul: Korean,
 * otherwise the report's), so a Japanese title in a Chinese report keeps Japanese forms. Lines are wrapped
 * at spaces (and between CJK characters), and each line is put in visual order by the Unicode
 * Bidirectional Algorithm (bidi-js levels, rule L2 on the line's runs). fontkit, under pdfkit, shapes Arabic
 * (joining forms, lam-alef) and lays each Arabic run out right to left. Runs are drawn in logical order at
 * their visual places, so a PDF reader's text is in reading order.
 */

// bidi-js is CommonJS (its module.exports is the factory) with ES-module typings: the default import is the
// factory at run time, which its typings do not say.
const bidi = (bidiModule as unknown as () => Bidi)();

/** Noto Sans JP, KR and SC (fonts.ts). */
export type CjkFace = 'ja' | 'ko' | 'sc';
export type FontRole = 'latin' | 'arabic' | CjkFace;
const CJK_FACES: readonly FontRole[] = ['ja', 'ko', 'sc'];

/** Which font has which glyph: what choosing a character's font needs. */
export interface FontChoice {
  /** Whether the font is loaded and has a glyph for the character. */
  has(font: FontRole, char: string): boolean;
  /** The CJK face of the report's language (Simplified Chinese's for a language without one). */
  cjk: CjkFace;
}

/** What measuring and drawing need from the PDF document (pdfkit's, in pdf.ts). */
export interface TextCanvas extends FontChoice {
  width(text: string, font: FontRole, size: number): number;
  draw(text: string, font: FontRole, size: number, x: number, baseline: number): void;
}

export interface Piece {
  text: string;
  font: FontRole;
  space: boolean;
  /** Whether a line may break before it without a space (between CJK characters). */
  breakBefore: boolean;
}

interface Placed extends Piece {
  width: number;
  level: number;
  /** Its place in the line's logical order. */
  logical: number;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const CJK =
  /[\u1100-\u11FF\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3100-\u318F\u31F0-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;
const KANA = /[\u3040-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]/;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7FF]/;
/** Isolates and marks steer the bidi levels (a date stays left to right in an Arabic line); never drawn. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Characters never drawn as glyphs: controls, format characters (the bidi isolates), spaces. */
const UNDRAWN = /[\p{Cc}\p{Cf}\p{Z}]/u;
/** A value that reads left to right whatever its neighbours (a date, a designation): an isolate. */
export const leftToRight = (text: string) => `\u2066${text}\u2069`;
/**
 * A value's own direction, as HTML's dir="auto": from its first strong letter (Arabic: right to left), else
 * `fallback` (a date, a number, an empty cell).
 */
export function autoRtl(text: string, fallback: boolean): boolean {
  const strong = /\p{L}/u.exec(text.replace(BIDI_CONTROLS, ''));
  return strong ? ARABIC.test(strong[0]) : fallback;
}
export const isCjk = (font: FontRole) => CJK_FACES.includes(font);

/** The CJK face of a text: Japanese if it has kana, Korean if it has Hangul, else the report's. */
const cjkFaceOf = (canvas: FontChoice, text: string): CjkFace =>
  KANA.test(text) ? 'ja' : HANGUL.test(text) ? 'ko' : canvas.cjk;

/** The font of a character: its script's, else the first font that has a glyph for it. */
export function fontOf(canvas: FontChoice, char: string, cjk: CjkFace): FontRole {
  const own: FontRole = ARABIC.test(char) ? 'arabic' : CJK.test(char) ? cjk : 'latin';
  if (UNDRAWN.test(char) || canvas.has(own, char)) return own;
  return (
    (['latin', 'arabic', cjk, ...CJK_FACES] as FontRole[]).find((font) => canvas.has(font, char)) ?? 'latin'
  );
}

/** The text cut into pieces: spaces, and runs of one font within a word (a CJK character on its own). */
export function piecesOf(canvas: FontChoice, text: string): Piece[] {
  const cjk = cjkFaceOf(canvas, text);
  const pieces: Piece[] = [];
  for (const part of text.replace(/\s+/g, ' ').trim().split(/( )/)) {
    if (part === '') continue;
    if (part === ' ') {
      pieces.push({ text: ' ', font: 'latin', space: true, breakBefore: true });
      continue;
    }
    let current: Piece | null = null;
    for (const char of part) {
      const font = fontOf(canvas, char, cjk);
      if (current && current.font === font && !isCjk(font)) current.text += char;
      else {
        current = { text: char, font, space: false, breakBefore: isCjk(font) && current !== null };
        pieces.push(current);
      }
    }
  }
  return pieces;
}

const wrapped = new WeakMap<TextCanvas, Map<string, Piece[][]>>();

/** `wrapLines`, remembered per canvas: a cell is measured for its row's height, then drawn. */
function wrap(canvas: TextCanvas, text: string, size: number, maxWidth: number): Piece[][] {
  let seen = wrapped.get(canvas);
  if (!seen) {
    seen = new Map();
    wrapped.set(canvas, seen);
  }
  const key = `${size}|${maxWidth}|${text}`;
  let lines = seen.get(key);
  if (!lines) {
    lines = wrapLines(canvas, text, size, maxWidth);
    if (seen.size > 5000) seen.clear();
    seen.set(key, lines);
  }
  return lines;
}

/** Greedy wrapping at spaces (and between CJK characters); a word wider than the box is cut. */
function wrapLines(canvas: TextCanvas, text: string, size: number, maxWidth: number): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let used = 0;
  const measure = (p: Piece) => canvas.width(p.text.replace(BIDI_CONTROLS, ''), p.font, size);
  for (const piece of piecesOf(canvas, text)) {
    const width = measure(piece);
    if (line.length > 0 && used + width > maxWidth && (piece.space || piece.breakBefore || used > 0)) {
      if (piece.space || piece.breakBefore || !line.some((p) => p.space)) {
        lines.push(line);
        line = [];
        used = 0;
        if (piece.space) continue;
      } else {
        // Move the unfinished word to the next line.
        const lastSpace = line.map((p) => p.space).lastIndexOf(true);
        lines.push(line.slice(0, lastSpace));
        line = line.slice(lastSpace + 1);
        used = line.reduce((sum, p) => sum + measure(p), 0);
      }
    }
    if (width > maxWidth && !piece.space) {
      for (const char of piece.text) {
        const w = canvas.width(char.replace(BIDI_CONTROLS, ''), piece.font, size);
        if (line.length > 0 && used + w > maxWidth) {
          lines.push(line);
          line = [];
          used = 0;
        }
        line.push({ ...piece, text: char });
        used += w;
      }
      continue;
    }
    line.push(piece);
    used += width;
  }
  if (line.length > 0) lines.push(line);
  return lines.map((l) => trimSpaces(l)).filter((l) => l.length > 0);
}

const trimSpaces = (line: Piece[]) => {
  let start = 0;
  let end = line.length;
  while (start < end && line[start]!.space) start++;
  while (end > start && line[end - 1]!.space) end--;
  return line.slice(start, end);
};

/** A line's pieces with their bidi levels, in visual order (rule L2), mirrored where right to left. */
function visualOrder(canvas: TextCanvas, line: Piece[], size: number, rtl: boolean): Placed[] {
  const text = line.map((p) => p.text).join('');
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  // Each piece cut where its level changes ("(ISO" in an Arabic line: the bracket at 1, the letters at 2).
  const runs: Array<Piece & { level: number }> = [];
  let index = 0;
  for (const piece of line) {
    let run: (Piece & { level: number }) | null = null;
    for (const char of piece.text) {
      const level = levels[index] ?? (rtl ? 1 : 0);
      index += char.length;
      if (run && run.level === level) run.text += char;
      else {
        run = { ...piece, text: char, level };
        runs.push(run);
      }
    }
  }
  const drawn = runs
    .map((run) => ({ ...run, text: run.text.replace(BIDI_CONTROLS, '') }))
    .filter((run) => run.text !== '');
  const placed: Placed[] = drawn.map((run, logical) => {
    let shown = run.text;
    // Arabic runs are reversed by fontkit; a neutral or Latin run at an odd level (brackets, dashes) is
    // reversed and mirrored here.
    if (run.level % 2 === 1 && run.font !== 'arabic') {
      shown = [...shown]
        .reverse()
        .map((c) => bidi.getMirroredCharacter(c) ?? c)
        .join('');
    }
    return { ...run, text: shown, logical, width: canvas.width(shown, run.font, size) };
  });
  const order = placed.map((_, i) => i);
  const highest = Math.max(0, ...placed.map((p) => p.level));
  const lowestOdd = Math.min(...placed.map((p) => p.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    let i = 0;
    while (i < order.length) {
      if (placed[order[i]!]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && placed[order[j]!]!.level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order.map((i) => placed[i]!);
}

export interface Paragraph {
  text: string;
  size: number;
  rtl: boolean;
  /** The box's left edge and width; lines are aligned to its start side (right when `rtl`). */
  x: number;
  width: number;
}

export const lineHeight = (size: number) => size * 1.4;

/** How tall the paragraph is, wrapped in its box. */
export const paragraphHeight = (canvas: TextCanvas, p: Paragraph) =>
  wrap(canvas, p.text, p.size, p.width).length * lineHeight(p.size);

/** Draws the paragraph from `top` down; answers its height. */
export function drawParagraph(canvas: TextCanvas, p: Paragraph, top: number): number {
  const lines = wrap(canvas, p.text, p.size, p.width);
  lines.forEach((line, n) => {
    const visual = visualOrder(canvas, line, p.size, p.rtl);
    const total = visual.reduce((sum, piece) => sum + piece.width, 0);
    let x = p.rtl ? p.x + p.width - total : p.x;
    const at = new Map<Placed, number>();
    for (const piece of visual) {
      at.set(piece, x);
      x += piece.width;
    }
    const baseline = top + n * lineHeight(p.size) + p.size;
    // Logical order in the content stream: a reader's text extraction reads it in reading order.
    for (const piece of [...visual].sort((a, b) => a.logical - b.logical)) {
      canvas.draw(piece.text, piece.font, p.size, at.get(piece)!, baseline);
    }
  });
  return lines.length * lineHeight(p.size);
}
