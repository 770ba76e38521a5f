import { describe, expect, it } from 'vitest';
import { findUnsafeString, isUnsafeString } from '../src/index.ts';

describe('isUnsafeString', () => {
  it.each([
    ['plain text', 'ASTM D638-22'],
    ['the empty string', ''],
    ['non-Latin scripts', 'مرحبا 你好 Ünïcödé'],
    ['a surrogate pair (emoji)', 'ok \u{1F600}'],
    ['other control characters', 'tab\tnew\nline\u0001\u001f'],
    ['bidi controls', '\u202Eevil\u202C'],
  ])('accepts %s', (_name, value) => {
    expect(isUnsafeString(value)).toBe(false);
  });

  it.each([
    ['a NUL byte', 'abc\u0000def'],
    ['only NUL', '\u0000'],
    ['a lone high surrogate', 'abc\uD83D'],
    ['a lone high surrogate before text', '\uD83Dabc'],
    ['a lone low surrogate', '\uDE00abc'],
    ['two high surrogates', '\uD83D\uD83D\uDE00'],
    ['a reversed pair', '\uDE00\uD83D'],
  ])('refuses %s', (_name, value) => {
    expect(isUnsafeString(value)).toBe(true);
  });

  it('agrees with the UTF-8 encoder on every single code unit', () => {
    const encoder = new TextEncoder();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let unit = 0; unit <= 0xffff; unit++) {
      const s = String.fromCharCode(unit);
      const roundTrips = decoder.decode(encoder.encode(s)) === s;
      expect(isUnsafeString(s)).toBe(unit === 0 || !roundTrips);
    }
  });
});

describe('findUnsafeString', () => {
  it('returns undefined when every string and key is safe', () => {
    expect(findUnsafeString({ a: 'x', b: [1, 'y', { c: null, d: true }] }, 'body')).toBeUndefined();
    expect(findUnsafeString(undefined, 'body')).toBeUndefined();
  });

  it('names the field of a nested string, arrays by index', () => {
    expect(findUnsafeString({ username: 'a\u0000b' }, 'body')).toBe('body.username');
    expect(findUnsafeString({ events: [{ kind: 'ok' }, { assetId: '\uD800' }] }, 'body')).toBe(
      'body.events.1.assetId',
    );
    expect(findUnsafeString('top\u0000', 'body')).toBe('body');
  });

  it('names the first unsafe field in document order', () => {
    expect(findUnsafeString({ a: { b: '\u0000' }, c: '\u0000' }, 'query')).toBe('query.a.b');
  });

  it('refuses an unsafe key, shown with U+FFFD in the path', () => {
    expect(findUnsafeString({ 'bad\u0000key': 'fine' }, 'body')).toBe('body.bad\uFFFDkey');
  });

  it('walks deep nesting without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeString(deep, 'body')).toMatch(/^body(\.0)+$/);
  });

  it('skips binary values', () => {
    expect(findUnsafeString(new Uint8Array([0, 0xff]), 'body')).toBeUndefined();
  });
});
