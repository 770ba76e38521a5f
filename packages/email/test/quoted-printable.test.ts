import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, encodeQuotedPrintable, joinQuotedPrintable } from '../src/index.ts';
import { expectWellFormedQuotedPrintable } from './quoted-printable.ts';

/** Text as a decoder gives it back: every line break (LF or CRLF) a CRLF; a lone CR stays. */
const withCrlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
/** Lone surrogates cannot be UTF-8: TextEncoder writes U+FFFD for each, as every encoder of ours does. */
const wellFormed = (s: string) => s.toWellFormed();

/** Characters that make the encoder's every branch run: runs, "=", breaks, whitespace at a break, UTF-8. */
const pieces = fc.constantFrom(
  'a',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '=',
  'é',
  'ع',
  '😀',
  '\ud800',
  '\udc00',
  '\u0000',
  '\u007f',
  'x'.repeat(40),
  '<td style="padding:4px 0">',
);

describe('quoted-printable', () => {
  it('decodes back to the text, every line at most 76 characters, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: pieces, maxLength: 300 }), (text) => {
        const qp = encodeQuotedPrintable(text);
        expect(decodeQuotedPrintable(qp)).toBe(withCrlf(wellFormed(text)));
        expectWellFormedQuotedPrintable(qp);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(decodeQuotedPrintable(encodeQuotedPrintable(text))).toBe(withCrlf(wellFormed(text)));
      }),
      { numRuns: 1000 },
    );
  });

  it('pieces encoded apart and joined decode to the pieces joined', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: pieces, maxLength: 120 }), { maxLength: 6 }), (cut) => {
        // A CR at a piece's end and an LF at the next one's start are no line break (joinQuotedPrintable).
        const texts = cut.map((t) => t.replace(/\r+$/, ''));
        const joined = joinQuotedPrintable(texts.map(encodeQuotedPrintable));
        expect(decodeQuotedPrintable(joined)).toBe(withCrlf(texts.map(wellFormed).join('')));
        expectWellFormedQuotedPrintable(joined);
      }),
      { numRuns: 500 },
    );
  });

  it('writes "=", a space before a break and bytes beyond ASCII as =XX, and breaks long lines at 75', () => {
    expect(encodeQuotedPrintable('a = b \nc\t')).toBe('a =3D b=20\r\nc=09');
    expect(encodeQuotedPrintable('x'.repeat(80))).toBe(`${'x'.repeat(75)}=\r\nxxxxx`);
    expect(encodeQuotedPrintable('Zoë')).toBe('Zo=C3=AB');
    // An =XX is never cut by a soft break.
    expect(encodeQuotedPrintable(`${'x'.repeat(73)}é`)).toBe(`${'x'.repeat(73)}=\r\n=C3=A9`);
  });
});
