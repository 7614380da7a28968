import path from 'node:path';
import * as esbuild from 'esbuild';
import { CACHE_VERSION, hashOf, type DiskCache } from '../cache/disk-cache.js';
import { DocsgenError } from '../errors.js';
import { codeVersion, packageRoot } from '../package-root.js';
import type { ClientAssets } from './client-assets.js';
import { readCachedBundle, storeBundle } from './client-cache.js';
import { searchProviderOptions, type SearchProviderName } from './search-provider-plugin.js';

export type { ClientAssets } from './client-assets.js';

/**
 * Bundles the theme's browser code (`templates/client/`) and stylesheet
 * (`templates/styles/`) with esbuild: minified, content-hashed names so they
 * can be cached forever. With a cache, the bundle is reused while every file
 * esbuild read for it is unchanged (client-cache.ts), and esbuild does not run.
 * It holds the code of the site's search provider only (search-provider-plugin.ts).
 */
export async function buildClientAssets(options: {
  baseUrl: string;
  /** `search.provider`: the bundle holds this provider's code and no other's. */
  searchProvider: SearchProviderName;
  templatesDir?: string;
  cache?: DiskCache;
}): Promise<ClientAssets> {
  const templates = options.templatesDir ?? path.join(packageRoot(), 'templates');
  const key = hashOf(CACHE_VERSION, codeVersion(), esbuild.version, options.baseUrl, options.searchProvider, templates);
  const cached = options.cache && readCachedBundle(options.cache, key);
  if (cached) return cached;
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  const search = searchProviderOptions(options.searchProvider);
  try {
    result = await esbuild.build({
      entryPoints: { main: path.join(templates, 'client/main.ts'), styles: path.join(templates, 'styles/index.css') },
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
      write: false,
      metafile: true,
      outdir: 'assets',
      entryNames: '[dir]/[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      splitting: true,
      legalComments: 'none',
      // React's production build: without this the bundle carries its development checks (about 3x larger).
      define: { 'process.env.NODE_ENV': '"production"', ...search.define },
      plugins: [search.plugin],
      jsx: 'automatic',
      logLevel: 'silent',
      absWorkingDir: templates,
    });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    throw new DocsgenError(`could not bundle the theme's client code: ${first?.text ?? (error as Error).message}`, {
      diagnostics: first?.location
        ? [
            {
              severity: 'error',
              rule: 'theme-bundle',
              message: first.text,
              file: first.location.file,
              line: first.location.line,
              column: first.location.column + 1,
            },
          ]
        : [],
      cause: error,
    });
  }
  const files = new Map<string, Uint8Array>();
  const css: string[] = [];
  const js: string[] = [];
  for (const file of result.outputFiles) {
    const rel = path.relative(templates, file.path).split(path.sep).join('/');
    files.set(rel, file.contents);
  }
  // Only the entry points are `<script>`/`<link>` tags; lazily imported chunks (the React islands,
  // loaded on the first interaction; search; mermaid) load when asked for. Preloaded: the entry's static imports.
  const outputs = result.metafile.outputs;
  const preload = new Set<string>();
  const addPreload = (out: string) => {
    if (preload.has(out)) return;
    preload.add(out);
    for (const imported of outputs[out]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) addPreload(imported.path);
  };
  for (const [out, meta] of Object.entries(outputs)) {
    const url = options.baseUrl + out;
    if (meta.entryPoint === 'styles/index.css' && out.endsWith('.css')) css.push(url);
    if (meta.entryPoint !== 'client/main.ts' || !out.endsWith('.js')) continue;
    js.push(url);
    for (const imported of meta.imports)
      if (!imported.external && imported.kind === 'import-statement') addPreload(imported.path);
  }
  const assets = { css, js, preload: [...preload].map((out) => options.baseUrl + out), files };
  if (options.cache) storeBundle(options.cache, key, assets, result.metafile, templates);
  return assets;
}
