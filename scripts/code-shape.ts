/**
 * The code's shape: no source file over 350 lines outside data, no function over 80
 * lines. Reads every tracked .ts/.tsx file with the TypeScript parser; a function is any function
 * declaration, method, arrow function or function expression, measured from its first to its last line.
 *
 *   node scripts/code-shape.ts          prints the figures and every file or function over the limit
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 350;
export const MAX_FUNCTION_LINES = 80;

/**
 * Data, not code: seed catalogues, translations and the stored patch series. Each is a table of values a
 * translator or the seed edits; splitting it would only scatter one table over several files.
 */
export const DATA_FILES = new Set([
  'packages/email/src/strings.ts',
  'packages/email/src/sign-in-strings.ts',
  'apps/server/src/modules/organisations/evidence/strings.ts',
  'packages/db/src/seed/catalogue.ts',
  'packages/db/src/seed/tenants.ts',
]);

export type Oversized = { file: string; name: string; lines: number; line: number };

const ROOT = new URL('../', import.meta.url).pathname;

export function sourceFiles(root = ROOT): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.endsWith('.d.ts'));
}

const nameOf = (node: ts.Node, source: ts.SourceFile): string => {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).slice(0, 40);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${JSON.stringify(first.text.slice(0, 50))}` : '';
    return `${callee}(${label.trim()} …)`;
  }
  return '(anonymous)';
};

/**
 * A test file's `describe` callback is a list of tests, not a function with a flow of its own: it is not
 * measured, the tests and hooks inside it are.
 */
const isGroup = (node: ts.Node, source: ts.SourceFile) => {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call)) return false;
  const callee = call.expression.getText(source);
  return /^(test\.)?describe(\.\w+)*(\(.*\))?$/.test(callee.replace(/\s/g, ''));
};

/** Every function in one file that is longer than the limit. */
export function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): Oversized[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Oversized[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isGroup(node, source)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file, name: nameOf(node, source), lines, line: start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function measure(root = ROOT) {
  const files = sourceFiles(root);
  const longFiles: Oversized[] = [];
  const functions: Oversized[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES && !DATA_FILES.has(file)) longFiles.push({ file, name: '', lines, line: 1 });
    functions.push(...longFunctions(file, text));
  }
  return { files: files.length, longFiles, functions };
}

if (import.meta.main) {
  const { files, longFiles, functions } = measure();
  const out = process.stdout;
  out.write(`\n${files} source files read (${DATA_FILES.size} data files exempt from the file limit)\n`);
  out.write(`files over ${MAX_FILE_LINES} lines: ${longFiles.length}\n`);
  for (const f of longFiles.sort((a, b) => b.lines - a.lines))
    out.write(`  ${String(f.lines).padStart(5)}  ${f.file}\n`);
  out.write(`functions over ${MAX_FUNCTION_LINES} lines: ${functions.length}\n`);
  for (const f of functions.sort((a, b) => b.lines - a.lines))
    out.write(`  ${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}\n`);
}
