import { describe, expect, it } from 'vitest';
import { longFunctions, MAX_FILE_LINES, MAX_FUNCTION_LINES, measure } from './code-shape.ts';

/** The code's shape holds: no source file over 350 lines outside data, no function over 80 lines. */
describe('code shape (scripts/code-shape.ts)', () => {
  const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

  it('measures a function from its first line to its last, arrows and methods too', () => {
    const text = [
      `export function long() {\n${body(MAX_FUNCTION_LINES - 1)}\n}`,
      `const arrow = () => {\n${body(MAX_FUNCTION_LINES - 2)}\n};`,
      `class C {\n  method() {\n${body(MAX_FUNCTION_LINES)}\n  }\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', text).map((f) => [f.name, f.lines])).toEqual([
      ['long', MAX_FUNCTION_LINES + 1],
      ['method', MAX_FUNCTION_LINES + 2],
    ]);
  });

  it('does not count a test file’s describe block, but the tests inside it', () => {
    const text = `describe('a group', () => {\n  it('a long test', () => {\n${body(MAX_FUNCTION_LINES)}\n  });\n${body(20)}\n});`;
    expect(longFunctions('x.test.ts', text).map((f) => f.name)).toEqual(['it("a long test" …)']);
  });

  it(`the repository has no file over ${MAX_FILE_LINES} lines (data aside) and no function over ${MAX_FUNCTION_LINES}`, () => {
    const { files, longFiles, functions } = measure();
    expect(files).toBeGreaterThan(400);
    expect(longFiles.map((f) => `${f.file} (${f.lines})`)).toEqual([]);
    expect(functions.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines})`)).toEqual([]);
  });
});
