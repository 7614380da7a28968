import path from 'node:path';
import * as esbuild from 'esbuild';
import { CACHE_VERSION, hashOf, type DiskCache } from '../cache/disk-cache.js';
import { DocsgenError } from '../errors.js';
import { codeVersion, packageRoot } from '../package-root.js';
import type { ClientAssets } from './client-assets.js';
import type { SiteStyles } from './site-styles.js';
import { readCachedBundle, storeBundle } from './client-cache.js';
import { searchProviderOptions, type SearchProviderName } from './search-provider-plugin.js';
import {
  CUSTOM_CSS_RULE,
  SITE_STYLES_ENTRY,
  siteStylesPlugin,
  STYLE_ASSET_LOADERS,
  throwOnSiteStyleErrors,
} from './site-styles-plugin.js';

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
  /** `theme.customCss`, checked (site-styles.ts): the site's stylesheets, bundled after the theme's. */
  customCss?: SiteStyles;
  /** The site root: errors in the site's stylesheets name their files from it. */
  root?: string;
  cache?: DiskCache;
}): Promise<ClientAssets> {
  const templates = options.templatesDir ?? path.join(packageRoot(), 'templates');
  const customCss = options.customCss?.files ?? [];
  const key = hashOf(
    CACHE_VERSION,
    codeVersion(),
    esbuild.version,
    options.baseUrl,
    options.searchProvider,
    templates,
    ...customCss,
    // The content folders decide which of the files they name may be bundled.
    ...(options.customCss?.content.folders ?? []),
  );
  const cached = options.cache && readCachedBundle(options.cache, key);
  if (cached) return cached;
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  const search = searchProviderOptions(options.searchProvider);
  const themeStyles = path.join(templates, 'styles/index.css');
  const siteStyles = options.customCss?.files.length
    ? [siteStylesPlugin(themeStyles, options.customCss, options.baseUrl)]
    : [];
  try {
    result = await esbuild.build({
      entryPoints: {
        main: path.join(templates, 'client/main.ts'),
        styles: siteStyles.length ? SITE_STYLES_ENTRY : themeStyles,
      },
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
      write: false,
      metafile: true,
      outdir: 'assets',
      entryNames: '[dir]/[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      // Fonts and images the site's custom CSS names: hashed, next to the bundle.
      assetNames: 'media/[name].[hash]',
      loader: STYLE_ASSET_LOADERS,
      splitting: true,
      legalComments: 'none',
      // React's production build: without this the bundle carries its development checks (about 3x larger).
      define: { 'process.env.NODE_ENV': '"production"', ...search.define },
      plugins: [search.plugin, ...siteStyles],
      jsx: 'automatic',
      logLevel: 'silent',
      absWorkingDir: templates,
    });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    const file = first?.location ? path.resolve(templates, first.location.file) : undefined;
    const ofSite = file !== undefined && path.relative(templates, file).startsWith('..');
    const shown = ofSite && options.root ? path.relative(options.root, file) : file;
    const what = ofSite ? "the site's custom CSS" : "the theme's client code";
    throw new DocsgenError(`could not bundle ${what}: ${first?.text ?? (error as Error).message}`, {
      diagnostics: first?.location
        ? [
            {
              severity: 'error',
              rule: ofSite ? CUSTOM_CSS_RULE : 'theme-bundle',
              message: first.text,
              file: shown,
              line: first.location.line,
              column: first.location.column + 1,
            },
          ]
        : [],
      ...(ofSite ? { hint: 'fix the stylesheet at the place shown (theme.customCss names it)' } : {}),
      cause: error,
    });
  }
  throwOnSiteStyleErrors(result.warnings, { workingDir: templates, themeDir: templates, root: options.root });
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
    const stylesEntry = meta.entryPoint === 'styles/index.css' || meta.entryPoint === SITE_STYLES_ENTRY;
    if (stylesEntry && out.endsWith('.css')) css.push(url);
    if (meta.entryPoint !== 'client/main.ts' || !out.endsWith('.js')) continue;
    js.push(url);
    for (const imported of meta.imports)
      if (!imported.external && imported.kind === 'import-statement') addPreload(imported.path);
  }
  const siteInputs = Object.keys(result.metafile.inputs)
    .map((input) => path.resolve(templates, input))
    .filter(
      (file) => path.relative(templates, file).startsWith('..') && !file.includes(`${path.sep}node_modules${path.sep}`),
    );
  const assets = { css, js, preload: [...preload].map((out) => options.baseUrl + out), files, siteInputs };
  if (options.cache) storeBundle(options.cache, key, assets, result.metafile, templates);
  return assets;
}
