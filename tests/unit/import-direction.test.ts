/**
 * The repository's import graph has one direction: the generator (cli/) depends on the theme's contract
 * (templates/site-data.ts, templates/api/view-types.ts, the page components), the theme never reaches into the
 * generator, and no group of modules imports itself back. Imports are read with TypeScript's own pre-processor,
 * so `import type`, re-exports and dynamic `import()` all count.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');

/** Every TypeScript source of the generator and the theme, relative to the repository, mapped to what it imports. */
function readImportGraph(): Map<string, string[]> {
  const files = fg.sync(['cli/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'], {
    cwd: REPO,
    ignore: ['**/node_modules/**'],
  });
  const graph = new Map<string, string[]>();
  for (const file of files.sort()) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(REPO, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveSource(path.posix.join(path.posix.dirname(file), spec)))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** `./x.js` names the source `./x.ts` or `./x.tsx`; anything else (JSON, CSS) is not part of the graph. */
function resolveSource(spec: string): string | undefined {
  const stem = spec.replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((ext) => stem + ext).find((candidate) => existsSync(path.join(REPO, candidate)));
}

/** Groups of two or more modules that reach each other (Tarjan's strongly connected components). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
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
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import direction', () => {
  const graph = readImportGraph();

  it('reads the whole generator and theme (a broken reader would pass every check below)', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('cli/render/render-route.ts')).toContain('templates/site-data.ts');
  });

  it('the theme never imports from the generator', () => {
    const reaching = [...graph].flatMap(([file, targets]) =>
      file.startsWith('templates/') ? targets.filter((t) => t.startsWith('cli/')).map((t) => `${file} → ${t}`) : [],
    );
    expect(reaching).toEqual([]);
  });

  it('no modules import each other, directly or round a loop', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('the cycle finder sees a loop of three', () => {
    const loop = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(loop)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
