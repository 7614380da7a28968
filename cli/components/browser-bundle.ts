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
  const key = hashOf(CACHE_VERSION, codeVersion(), esbuild.version, root, client, options.baseUrl, options.define);
  const cached = options.cache && readCachedBrowserBundle(options.cache, key);
  if (cached) return cached;
  const clientDir = path.join(packageRoot(), 'templates', 'client', 'components');
  const require = createRequire(path.join(packageRoot(), 'package.json'));
  const entryPoints: Record<string, string> = { load: path.join(clientDir, 'load-components.ts') };
  for (const m of client) entryPoints[m.name] = `${ENTRY}:${m.name}`;
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints,
      absWorkingDir: root,
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
      write: false,
      metafile: true,
      outdir: 'assets/components',
      entryNames: '[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      legalComments: 'none',
      jsx: 'automatic',
      loader: { '.js': 'jsx' },
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"', ...options.define },
      plugins: [
        docusaurusShimsPlugin(),
        {
          name: 'docsgen-island-entries',
          setup(build) {
            build.onResolve({ filter: /^docsgen-island:/ }, (args) => ({ path: args.path, namespace: ENTRY }));
            build.onLoad({ filter: /.*/, namespace: ENTRY }, (args) => {
              const module = client.find((m) => `${ENTRY}:${m.name}` === args.path)!;
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
  for (const file of result.outputFiles)
    files.set(path.relative(root, file.path).split(path.sep).join('/'), file.contents);
  const chunks: Record<string, string> = {};
  let loader = '';
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint || !out.endsWith('.js')) continue;
    const url = options.baseUrl + out;
    // esbuild names an entry of a plugin's namespace `namespace:path`.
    const island = client.find((m) => meta.entryPoint?.endsWith(`${ENTRY}:${m.name}`));
    if (island) chunks[island.name] = url;
    else loader = url;
  }
  const bundle = { files, chunks, loader, hash: hashOf(...result.outputFiles.map((f) => f.hash)) };
  if (options.cache) storeBrowserBundle(options.cache, key, bundle, result.metafile, root);
  return bundle;
}
