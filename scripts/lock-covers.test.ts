import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uncoveredPackage } from './lock-covers.ts';

const lock = (packages: Record<string, { version?: string; resolved?: string; link?: boolean }>) => ({
  packages: { '': {}, ...packages },
});
const a1 = { version: '1.0.0', resolved: 'https://registry.npmjs.org/a/-/a-1.0.0.tgz' };
const b2 = { version: '2.0.0', resolved: 'https://registry.npmjs.org/b/-/b-2.0.0.tgz' };

describe("a lock file that covers another's installed tree", () => {
  it('covers one with fewer packages, each at the same version and source', () => {
    const cover = lock({ 'node_modules/a': a1, 'node_modules/b': b2, 'node_modules/c': a1 });
    expect(uncoveredPackage(cover, lock({ 'node_modules/a': a1, 'node_modules/b': b2 }))).toBeUndefined();
  });

  it('names a package the other has and this one lacks, also one nested at another path', () => {
    const cover = lock({ 'node_modules/a': a1 });
    expect(uncoveredPackage(cover, lock({ 'node_modules/b': b2 }))).toBe(
      'node_modules/b (not installed here)',
    );
    expect(uncoveredPackage(cover, lock({ 'node_modules/x/node_modules/a': a1 }))).toBe(
      'node_modules/x/node_modules/a (not installed here)',
    );
  });

  it('names a package at another version, from another source, or linked on one side only', () => {
    const cover = lock({ 'node_modules/a': a1 });
    expect(uncoveredPackage(cover, lock({ 'node_modules/a': { ...a1, version: '1.0.1' } }))).toBe(
      'node_modules/a (1.0.1 there, 1.0.0 here)',
    );
    expect(uncoveredPackage(cover, lock({ 'node_modules/a': { ...a1, resolved: 'file:../a' } }))).toMatch(
      /^node_modules\/a /,
    );
    expect(uncoveredPackage(cover, lock({ 'node_modules/a': { ...a1, link: true } }))).toMatch(
      /^node_modules\/a /,
    );
  });

  it("this repository's lock covers itself", () => {
    const own = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
    expect(uncoveredPackage(own, own)).toBeUndefined();
  });
});
