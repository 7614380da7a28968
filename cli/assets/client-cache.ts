import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import type { DiskCache } from '../cache/disk-cache.js';
import type { ClientAssets } from './client-assets.js';

/**
 * A file or folder the client bundle was built from, as it was: a file by the
 * hash of its contents, a folder by the hash of its names (a new file there
 * may now be the one an import resolves to). `hash` is null when it was missing.
 */
type InputStamp = [path: string, hash: string | null];

/** The client bundle as cached: its outputs (base64), and the stamps of everything it was built from. */
interface CachedBundle {
  inputs: InputStamp[];
  css: string[];
  js: string[];
  preload: string[];
  files: [name: string, base64: string][];
  siteInputs: string[];
}

/** Files besides the bundled sources that change how esbuild reads them: looked for in each source's folder and above it. */
const BUILD_SETTINGS = ['package.json', 'tsconfig.json', 'jsconfig.json'];

/** The bundle cached under `key`, when every file it was built from is as it was; undefined otherwise. */
export function readCachedBundle(cache: DiskCache, key: string): ClientAssets | undefined {
  const cached = cache.get<CachedBundle>('client', key);
  if (!cached?.inputs.every(([file, hash]) => stampOf(file) === hash)) return undefined;
  return {
    css: cached.css,
    js: cached.js,
    preload: cached.preload,
    siteInputs: cached.siteInputs ?? [],
    files: new Map(cached.files.map(([name, base64]) => [name, Buffer.from(base64, 'base64')])),
  };
}

/** Caches a bundle with the stamps of what esbuild read for it (its metafile inputs, relative to `workingDir`). */
export function storeBundle(
  cache: DiskCache,
  key: string,
  assets: ClientAssets,
  metafile: Metafile,
  workingDir: string,
): void {
  const inputs = bundleInputs(metafile, workingDir);
  const files: CachedBundle['files'] = [...assets.files].map(([name, contents]) => [
    name,
    Buffer.from(contents).toString('base64'),
  ]);
  cache.set('client', key, {
    inputs: inputs.map((file) => [file, stampOf(file)]),
    css: assets.css,
    js: assets.js,
    preload: assets.preload,
    files,
    siteInputs: assets.siteInputs,
  } satisfies CachedBundle);
}

/** The bundled source files, their folders, and the build settings files in those folders and every one above them. */
function bundleInputs(metafile: Metafile, workingDir: string): string[] {
  const sources = Object.keys(metafile.inputs).map((input) => path.resolve(workingDir, input));
  const folders = new Set(sources.map((file) => path.dirname(file)));
  const above = new Set<string>();
  for (const folder of folders) {
    for (let dir = folder; !above.has(dir); dir = path.dirname(dir)) {
      above.add(dir);
      if (dir === path.dirname(dir)) break;
    }
  }
  const settings = [...above].flatMap((dir) => BUILD_SETTINGS.map((name) => path.join(dir, name)));
  return [...sources, ...[...folders].map((dir) => dir + path.sep), ...settings];
}

/** A file's contents hash, a folder's (path ending in a separator) names hash, or null when it is not there. */
function stampOf(file: string): string | null {
  try {
    const hash = createHash('sha256');
    if (file.endsWith(path.sep)) hash.update(readdirSync(file).sort().join('\0'));
    else hash.update(readFileSync(file));
    return hash.digest('hex');
  } catch {
    return null;
  }
}
