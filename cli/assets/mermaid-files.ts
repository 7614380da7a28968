import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findOptionalPackage, installCommand } from '../optional-packages.js';
import type { Diagnostic, PageContent } from '../types.js';

/** The mermaid files a site's output needs, or, when mermaid is not installed, the error to report instead. */
export type MermaidFiles = { entry: string; copies: Map<string, string> } | { error: Diagnostic };

/**
 * Mermaid's own prebuilt browser build (an ES module and its chunks), copied
 * into the output only when a page has a diagram, and loaded by the client
 * only on such pages. Mermaid is an optional package: found from docsgen's
 * package or the site root; when it is in neither, the error is placed at
 * `diagram`, the first page with a diagram (a site without one never needs it).
 */
export function mermaidFiles(
  root: string,
  diagram: { doc: { file: { file: string } }; content: PageContent },
): MermaidFiles {
  const folder = findOptionalPackage('mermaid', [root]);
  if (!folder) return { error: missingMermaid(diagram.doc.file.file, diagram.content.mermaidLine) };
  const manifest = path.join(folder, 'package.json');
  const dir = path.join(folder, 'dist');
  const version = JSON.parse(readFileSync(manifest, 'utf8')).version as string;
  const out = `assets/mermaid-${version}`;
  const copies = new Map<string, string>([[path.join(dir, 'mermaid.esm.min.mjs'), `${out}/mermaid.esm.min.mjs`]]);
  const chunks = path.join(dir, 'chunks/mermaid.esm.min');
  for (const name of readdirSync(chunks))
    if (name.endsWith('.mjs')) copies.set(path.join(chunks, name), `${out}/chunks/mermaid.esm.min/${name}`);
  return { entry: `${out}/mermaid.esm.min.mjs`, copies };
}

/** A page would silently lack its diagram: an error, at the diagram. */
function missingMermaid(file: string, line: number | undefined): Diagnostic {
  return {
    severity: 'error',
    rule: 'missing-package',
    message: 'this page has a mermaid diagram, but the mermaid package that draws it is not installed',
    file,
    ...(line ? { line, column: 1 } : {}),
    hint: `install it in the site: ${installCommand(['mermaid'])} (a site without diagrams never needs it)`,
  };
}
