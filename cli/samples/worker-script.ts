/**
 * The script of the compiler's worker thread: `lib/sample-worker.js` once
 * docsgen is compiled. Run from its TypeScript sources (the unit tests), a
 * thread cannot load `.ts` modules, so the worker is bundled on demand with
 * esbuild, next to docsgen's node_modules (where its imports resolve).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from '../package-root.js';

const COMPILED = new URL('./sample-worker.js', import.meta.url);

let bundled: Promise<URL> | undefined;

/** The worker's script: the compiled one, else a bundle of the sources (made once per process). */
export function sampleWorkerScript(): Promise<URL> {
  if (existsSync(COMPILED)) return Promise.resolve(COMPILED);
  bundled ??= bundleFromSources();
  return bundled;
}

async function bundleFromSources(): Promise<URL> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(packageRoot(), 'cli', 'samples', 'sample-worker.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]!.contents;
  const dir = path.join(packageRoot(), 'node_modules', '.cache', 'docsgen-sample-worker');
  const file = path.join(dir, `sample-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: another process may start the same worker meanwhile.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, code);
    renameSync(temp, file);
  }
  return pathToFileURL(file);
}
