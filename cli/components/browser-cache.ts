import type { Metafile } from 'esbuild';
import type { DiskCache } from '../cache/disk-cache.js';
import { type InputStamp, inputsUnchanged, stampBundleInputs } from '../cache/input-stamps.js';

/** The browser code of the site's `client: true` components: a chunk per component, React in a chunk they share. */
export interface BrowserBundle {
  /** Output files by their path in the site (`assets/components/…`), content-hashed names. */
  files: Map<string, Uint8Array>;
  /** Each client component's chunk, as a URL under the base URL. */
  chunks: Record<string, string>;
  /** The loader every page with an island names (templates/client/components/load-components.ts). */
  loader: string;
  /** Digest of every output: a page's islands name these files. */
  hash: string;
}

/** The client components' browser bundle as cached: its outputs (base64) and the stamps of what it was built from. */
interface CachedBrowserBundle {
  inputs: InputStamp[];
  chunks: Record<string, string>;
  loader: string;
  hash: string;
  files: [name: string, base64: string][];
}

const AREA = 'component-browser';

/**
 * The bundle cached under `key`, while every file esbuild read for it (the
 * components, what they import, docsgen's shims and React) is as it was, as
 * the theme's client bundle is cached (cli/assets/client-cache.ts).
 */
export function readCachedBrowserBundle(cache: DiskCache, key: string): BrowserBundle | undefined {
  const cached = cache.get<CachedBrowserBundle>(AREA, key);
  if (!cached || !inputsUnchanged(cached.inputs)) return undefined;
  return {
    chunks: cached.chunks,
    loader: cached.loader,
    hash: cached.hash,
    files: new Map(cached.files.map(([name, base64]) => [name, Buffer.from(base64, 'base64')])),
  };
}

/** Caches a bundle with the stamps of its metafile's inputs (relative to the site root). */
export function storeBrowserBundle(
  cache: DiskCache,
  key: string,
  bundle: BrowserBundle,
  metafile: Metafile,
  root: string,
): void {
  cache.set(AREA, key, {
    inputs: stampBundleInputs(metafile, root),
    chunks: bundle.chunks,
    loader: bundle.loader,
    hash: bundle.hash,
    files: [...bundle.files].map(([name, contents]) => [name, Buffer.from(contents).toString('base64')]),
  } satisfies CachedBrowserBundle);
}
