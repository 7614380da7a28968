import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CACHE_VERSION, type DiskCache, hashOf } from '../cache/disk-cache.js';
import { codeVersion, packageRoot } from '../package-root.js';
import { type BrowserBundle, readCachedBrowserBundle, storeBrowserBundle } from './browser-cache.js';
import { bundleError } from './bundle-components.js';
import type { ComponentModule } from './component-modules.js';
import { docusaurusShimsPlugin } from './docusaurus-shims.js';

export type { BrowserBundle } from './browser-cache.js';

const ENTRY = 'docsgen-island';

/**
 * Bundles the `client: true` components for the browser with esbuild:
 * minified ES modules with hashed names, one entry per component (its
 * module's default export handed to hydrate-component.tsx) and the loader,
 * split so React and the shims are loaded once. React is docsgen's own copy,
 * as on the server, so the markup hydrates. Cached while every file it was
 * made from is unchanged (browser-cache.ts). Undefined when no component is
 * marked `client: true`.
 */
export async function bundleBrowserComponents(
  root: string,
  modules: ComponentModule[],
  options: { baseUrl: string; define: Record<string, string>; cache?: DiskCache },
): Promise<BrowserBundle | undefined> {
  const client = modules.filter((m) => m.client);
  if (client.length === 0) return undefined;
  return bundleIslands(root, client, { ...options, outdir: 'assets/components' });
}

/** What else a bundle of islands needs (React pages: their imports, CSS modules, the browser's `@theme/Layout`). */
export interface IslandOptions {
  baseUrl: string;
  define: Record<string, string>;
  cache?: DiskCache;
  /** Where the files go in the site (`assets/components`). */
  outdir: string;
  /** esbuild plugins before docsgen's shims. */
  plugins?: esbuild.Plugin[];
  /**
   * Bundle the CSS the modules import, with CSS modules' class names as the server bundle gives them (the names are
   * kept through minification, which would shorten them); the CSS itself is dropped: the server's page has it.
   */
  css?: boolean;
  /**
   * The modules that are islands, when not all are: the others are bundled too, in the same order, so CSS modules
   * get the names the server's bundle of them all gave (React pages: only the hydrated ones are islands).
   */
  islands?: Set<string>;
}

/**
 * The core of bundleBrowserComponents, shared with React pages (cli/pages/page-browser-bundle.ts): each island's
 * module hydrated by hydrate-component.tsx, and the loader.
 */
export async function bundleIslands(
  root: string,
  all: { name: string; file: string }[],
  options: IslandOptions,
): Promise<BrowserBundle> {
  const islands = options.islands ?? new Set(all.map((m) => m.name));
  const key = hashOf(
    CACHE_VERSION,
    codeVersion(),
    esbuild.version,
    root,
    all,
    [...islands],
    options.baseUrl,
    options.define,
    options.outdir,
    !!options.css,
  );
  const cached = options.cache && readCachedBrowserBundle(options.cache, key);
  if (cached) return cached;
  const clientDir = path.join(packageRoot(), 'templates', 'client', 'components');
  const require = createRequire(path.join(packageRoot(), 'package.json'));
  const entryPoints: Record<string, string> = { load: path.join(clientDir, 'load-components.ts') };
  all.forEach((m, i) => {
    // A component's chunk is named after it; a page's by its number (its name is a path).
    entryPoints[options.islands ? `page${i}` : m.name] = `${ENTRY}:${m.name}`;
  });
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints,
      absWorkingDir: root,
      bundle: true,
      // Minifying identifiers renames CSS modules' classes: the JS is minified after (minifyChunks).
      ...(options.css ? { minifyWhitespace: true, minifySyntax: true } : { minify: true }),
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: TARGET,
      write: false,
      metafile: true,
      outdir: options.outdir,
      entryNames: '[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      legalComments: 'none',
      jsx: 'automatic',
      loader: { '.js': 'jsx', ...(options.css ? { '.css': 'css', '.module.css': 'local-css' } : {}) },
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"', ...options.define },
      plugins: [
        ...(options.plugins ?? []),
        docusaurusShimsPlugin(),
        {
          name: 'docsgen-island-entries',
          setup(build) {
            build.onResolve({ filter: /^docsgen-island:/ }, (args) => ({ path: args.path, namespace: ENTRY }));
            build.onLoad({ filter: /.*/, namespace: ENTRY }, (args) => {
              const module = all.find((m) => `${ENTRY}:${m.name}` === args.path)!;
              return {
                contents: [
                  `import Component from ${JSON.stringify(module.file)};`,
                  `import { hydrateComponent } from ${JSON.stringify(path.join(clientDir, 'hydrate-component.tsx'))};`,
                  'export default (container, data) => hydrateComponent(Component, container, data);',
                ].join('\n'),
                loader: 'js',
                resolveDir: root,
              };
            });
            // One React for the component and the hydration: docsgen's, wherever the component's module is.
            build.onResolve({ filter: /^react(?:-dom)?(?:\/.*)?$/ }, (args) => ({ path: require.resolve(args.path) }));
          },
        },
      ],
    });
  } catch (error) {
    throw bundleError(root, error);
  }
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) {
    // The CSS of CSS modules: the server's page has it in its <style>.
    if (file.path.endsWith('.css')) continue;
    const contents = options.css ? await minifyChunk(file.contents) : file.contents;
    files.set(path.relative(root, file.path).split(path.sep).join('/'), contents);
  }
  const chunks: Record<string, string> = {};
  let loader = '';
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint || !out.endsWith('.js')) continue;
    const url = options.baseUrl + out;
    // esbuild names an entry of a plugin's namespace `namespace:path`.
    const island = all.find((m) => meta.entryPoint?.endsWith(`${ENTRY}:${m.name}`));
    if (island) {
      if (islands.has(island.name)) chunks[island.name] = url;
    } else loader = url;
  }
  const bundle = { files, chunks, loader, hash: hashOf(...result.outputFiles.map((f) => f.hash)) };
  if (options.cache) storeBrowserBundle(options.cache, key, bundle, result.metafile, root);
  return bundle;
}

const TARGET = ['es2020', 'chrome100', 'safari15', 'firefox100'];

/** One output chunk with its identifiers minified too (its imports and exports keep their names). */
async function minifyChunk(contents: Uint8Array): Promise<Uint8Array> {
  const out = await esbuild.transform(Buffer.from(contents).toString('utf8'), {
    minify: true,
    format: 'esm',
    target: TARGET,
    legalComments: 'none',
  });
  return Buffer.from(out.code);
}
