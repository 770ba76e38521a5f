/**
 * The server's folders form no import cycle (architecture guide, composition): a folder is a module
 * (`apps/server/src/modules/<name>`) or any other folder or file directly under `apps/server/src` (`http`,
 * `config`, `app.ts`, …). Biome's noImportCycles sees file cycles only; two modules can import each other
 * through different files and still be tangled. This check resolves every relative import (type-only ones
 * too: they tie the folders as much), builds the folder graph, and names each strongly connected component
 * of more than one folder (Tarjan) with the imports that close it. Exits 1 when there is one.
 *
 *   node scripts/module-cycles.ts [apps/server/src]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a path belongs to (`modules/tracker`, `http`, `app.ts`), or undefined outside the root. */
export function folderOf(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel.startsWith('..') || rel === '') return undefined;
  const parts = rel.split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0];
}

/** One import from a file of one folder into another folder. */
export type Edge = { from: string; to: string; file: string; line: number; specifier: string };

/** Every import that crosses from one folder of the root to another. */
export function folderEdges(root: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file)!;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const match of text.matchAll(SPECIFIER)) {
          const to = folderOf(root, resolve(dirname(file), match[1]!));
          if (!to || to === from) continue;
          edges.push({ from, to, file: relative(root, file), line: i + 1, specifier: match[1]! });
        }
      });
  }
  return edges;
}

/** Tarjan's strongly connected components of a directed graph, each component's nodes sorted. */
export function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** A cycle: the folders that reach one another, and the imports between them. */
export type Cycle = { folders: string[]; edges: Edge[] };

/** Every set of folders that import one another, directly or around a loop. */
export function folderCycles(root: string): Cycle[] {
  const edges = folderEdges(root);
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    if (!graph.has(e.to)) graph.set(e.to, new Set());
    graph.get(e.from)!.add(e.to);
  }
  return stronglyConnected(graph)
    .filter((component) => component.length > 1)
    .map((folders) => ({
      folders,
      edges: edges.filter((e) => folders.includes(e.from) && folders.includes(e.to)),
    }));
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? new URL('../apps/server/src', import.meta.url).pathname);
  const cycles = folderCycles(root);
  for (const cycle of cycles) {
    process.stderr.write(`folder cycle: ${cycle.folders.join(' ⇄ ')}\n`);
    for (const e of cycle.edges)
      process.stderr.write(`  ${e.from} → ${e.to}   ${e.file}:${e.line} imports ${e.specifier}\n`);
  }
  if (cycles.length > 0) {
    process.stderr.write(`${cycles.length} folder cycle(s) between server modules: none is allowed\n`);
    process.exit(1);
  }
}
