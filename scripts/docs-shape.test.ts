import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documents a newcomer reads stay short enough to read: the README is a front page (what Trackwell is, the
 * two commands, a tour, links), the architecture map a map; screenshots in the repository are the ones a
 * document shows.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const documents = () => [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

describe('documents', () => {
  it('the README has at most 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('the architecture map has at most 15,000 characters and no line over 120', () => {
    const map = read('docs/ARCHITECTURE.md');
    expect(map.length).toBeLessThanOrEqual(15_000);
    expect(map.split('\n').filter((line) => line.length > 120)).toEqual([]);
  });

  it('every screenshot in docs/screenshots is shown by a document', () => {
    const text = documents().map(read).join('\n');
    const unshown = readdirSync(join(ROOT, 'docs/screenshots')).filter((png) => !text.includes(png));
    expect(unshown).toEqual([]);
  });
});
