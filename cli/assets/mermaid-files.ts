import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from '../package-root.js';

/**
 * Mermaid's own prebuilt browser build (an ES module and its chunks), copied
 * into the output only when a page has a diagram, and loaded by the client
 * only on such pages.
 */
export function mermaidFiles(): { entry: string; copies: Map<string, string> } {
  const require = createRequire(path.join(packageRoot(), 'package.json'));
  const manifest = require.resolve('mermaid/package.json');
  const dir = path.join(path.dirname(manifest), 'dist');
  const version = JSON.parse(readFileSync(manifest, 'utf8')).version as string;
  const out = `assets/mermaid-${version}`;
  const copies = new Map<string, string>([[path.join(dir, 'mermaid.esm.min.mjs'), `${out}/mermaid.esm.min.mjs`]]);
  const chunks = path.join(dir, 'chunks/mermaid.esm.min');
  for (const name of readdirSync(chunks))
    if (name.endsWith('.mjs')) copies.set(path.join(chunks, name), `${out}/chunks/mermaid.esm.min/${name}`);
  return { entry: `${out}/mermaid.esm.min.mjs`, copies };
}
