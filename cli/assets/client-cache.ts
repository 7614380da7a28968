import type { Metafile } from 'esbuild';
import type { DiskCache } from '../cache/disk-cache.js';
import { type InputStamp, inputsUnchanged, stampBundleInputs } from '../cache/input-stamps.js';
import type { ClientAssets } from './client-assets.js';

/** The client bundle as cached: its outputs (base64), and the stamps of everything it was built from. */
interface CachedBundle {
  inputs: InputStamp[];
  css: string[];
  js: string[];
  preload: string[];
  files: [name: string, base64: string][];
  siteInputs: string[];
}

/** The bundle cached under `key`, when every file it was built from is as it was; undefined otherwise. */
export function readCachedBundle(cache: DiskCache, key: string): ClientAssets | undefined {
  const cached = cache.get<CachedBundle>('client', key);
  if (!cached || !inputsUnchanged(cached.inputs)) return undefined;
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
  const files: CachedBundle['files'] = [...assets.files].map(([name, contents]) => [
    name,
    Buffer.from(contents).toString('base64'),
  ]);
  cache.set('client', key, {
    inputs: stampBundleInputs(metafile, workingDir),
    css: assets.css,
    js: assets.js,
    preload: assets.preload,
    files,
    siteInputs: assets.siteInputs,
  } satisfies CachedBundle);
}
