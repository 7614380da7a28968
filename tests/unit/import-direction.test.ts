/**
 * The repository's import graph has one direction. The generator's folders form layers in the order of the build's
 * stages (LAYERS below, lowest first): a module imports from its own folder or from a lower layer, never from a
 * higher one, and never from another folder of its own layer (those do not know each other). The theme's contract
 * (templates/shared/) and the server theme (templates/theme/, templates/og/) sit below the whole generator: they
 * never reach into cli/. The browser code (templates/client/) is on top: esbuild bundles it by path, and no module
 * imports it. And no group of modules imports itself back. Imports are read with TypeScript's own pre-processor, so `import type`, re-exports and dynamic `import()`
 * all count.
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

/**
 * The layers, lowest first. A folder names every module under it; `cli/*` names the modules directly in cli/ (the
 * shared types, errors, diagnostics and text rules), but for the two entry points, which are the top layer.
 */
const LAYERS: { name: string; units: string[] }[] = [
  { name: 'theme contract', units: ['templates/shared'] },
  { name: 'theme', units: ['templates/theme', 'templates/og', 'templates/docusaurus'] },
  { name: 'shared', units: ['cli/*'] },
  { name: 'caches, worker threads, HTTP', units: ['cli/cache', 'cli/workers', 'cli/http'] },
  { name: 'config', units: ['cli/config'] },
  { name: 'the file rule', units: ['cli/files'] },
  { name: 'versions, git dates', units: ['cli/versions', 'cli/last-update'] },
  { name: 'content', units: ['cli/load'] },
  { name: 'site components', units: ['cli/components'] },
  { name: 'code samples', units: ['cli/samples'] },
  { name: 'markdown', units: ['cli/markdown'] },
  { name: 'API reference, site pages', units: ['cli/api', 'cli/pages'] },
  { name: 'routes', units: ['cli/routes'] },
  { name: 'blog', units: ['cli/blog'] },
  { name: 'search index', units: ['cli/search'] },
  { name: 'pages and generated files', units: ['cli/render', 'cli/og', 'cli/llms', 'cli/assets'] },
  { name: 'output, link check', units: ['cli/write', 'cli/check'] },
  { name: 'report', units: ['cli/report'] },
  { name: 'pipeline', units: ['cli/pipeline'] },
  { name: 'servers, migrate', units: ['cli/serve', 'cli/migrate'] },
  { name: 'dev', units: ['cli/dev'] },
  { name: 'commands', units: ['cli/commands'] },
  { name: 'entry points', units: ['cli/main.ts', 'cli/index.ts', 'templates/client'] },
];

const RANK = new Map(LAYERS.flatMap((layer, rank) => layer.units.map((unit) => [unit, rank] as const)));

/** The table's unit a file belongs to: itself, its nearest listed folder, or `<folder>/*` for a file directly in it. */
function unitOf(file: string): string | undefined {
  if (RANK.has(file)) return file;
  const parts = file.split('/');
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    const folder = parts.slice(0, depth).join('/');
    if (depth === parts.length - 1 && RANK.has(`${folder}/*`)) return `${folder}/*`;
    if (RANK.has(folder)) return folder;
  }
  return undefined;
}

/** Every import from one unit to another that is not to a lower layer, as `from → to (layer → layer)`. */
function findUpwardImports(graph: Map<string, string[]>): string[] {
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = unitOf(target);
      if (to === undefined || to === from || RANK.get(to)! < RANK.get(from)!) continue;
      upward.push(`${file} → ${target} (${LAYERS[RANK.get(from)!].name} → ${LAYERS[RANK.get(to)!].name})`);
    }
  }
  return upward;
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
    expect(graph.get('cli/render/render-route.ts')).toContain('templates/shared/site-data.ts');
  });

  it('every module is in a layer (a new folder gets its place in LAYERS)', () => {
    expect([...graph.keys()].filter((file) => unitOf(file) === undefined)).toEqual([]);
  });

  it('imports go down the layers: never up, never across to another folder of the same layer', () => {
    expect(findUpwardImports(graph)).toEqual([]);
  });

  it('the layer check sees an import up, one across a layer, and lets one down and one within a folder pass', () => {
    const sample = new Map([
      ['cli/load/load-content.ts', ['cli/render/render-route.ts', 'cli/types.ts', 'cli/load/front-matter.ts']],
      ['cli/render/render-route.ts', ['cli/og/social-images.ts', 'templates/shared/site-data.ts']],
      ['cli/types.ts', ['cli/strings.ts', 'cli/main.ts']],
    ]);
    expect(findUpwardImports(sample)).toEqual([
      'cli/load/load-content.ts → cli/render/render-route.ts (content → pages and generated files)',
      'cli/render/render-route.ts → cli/og/social-images.ts (pages and generated files → pages and generated files)',
      'cli/types.ts → cli/main.ts (shared → entry points)',
    ]);
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
