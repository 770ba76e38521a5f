import { describe, expect, it } from 'vitest';
import { toParagraphs } from './tracker-intro.tsx';

describe('toParagraphs', () => {
  it('splits at blank lines, trims, and drops empty paragraphs', () => {
    expect(toParagraphs('  One.\n\nTwo\nlines.\r\n \r\nThree.\n\n\n')).toEqual([
      'One.',
      'Two\nlines.',
      'Three.',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(toParagraphs(' \n\n ')).toEqual([]);
  });
});
