import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { DiskCache } from '../cache/disk-cache.js';
import { type BrowserBundle, bundleIslands } from '../components/browser-bundle.js';
import { siteDefine } from '../components/docusaurus-shims.js';
import { pageImportPlugins } from '../components/page-imports.js';
import { scriptJson } from '../components/island-html.js';
import { siteModulePlugins } from '../components/site-module-plugins.js';
import { configSourceOf, findKey, findString } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { escapeHtml } from '../strings.js';
import type { Diagnostic } from '../types.js';

/** A React page as react-pages.ts lists it: its path in the pages folder, its name from the site root, its module. */
export interface PageModule {
  /** Relative to the pages folder, `/`-separated (`index.tsx`): what `pages.client` names. */
  path: string;
  /** Relative to the site root (`src/pages/index.tsx`). */
  name: string;
  /** Absolute (real) path of the module. */
  file: string;
}

/**
 * The pages `pages.client` hydrates (`true`: every React page; a list: those it names, relative to the pages
 * folder). An entry that names no React page is a config error at its place: a typo would otherwise leave the page
 * silently static.
 */
export function hydratedPages(config: SiteConfig, configFile: string, modules: PageModule[]): Set<string> {
  const client = config.pages === false ? false : config.pages.client;
  if (client === false) return new Set();
  if (client === true) return new Set(modules.map((m) => m.path));
  const known = new Set(modules.map((m) => m.path));
  const source = configSourceOf(config);
  const problems: Diagnostic[] = client
    .filter((entry) => !known.has(entry))
    .map((entry) => {
      const place = source ? findString(source, entry) : {};
      return {
        severity: 'error',
        rule: 'page-client',
        message: `\`pages.client\` names ${JSON.stringify(entry)}, which is not a React page of the pages folder`,
        file: configFile,
        ...(place.line ? place : source ? findKey(source, 'client') : {}),
        hint: `name React pages by their path in the pages folder${known.size ? `, one of: ${[...known].join(', ')}` : ' (it has none)'}`,
      };
    });
  if (problems.length > 0)
    throw new DocsgenError(`invalid config in ${configFile}`, {
      exitCode: EXIT_USAGE,
      diagnostics: problems,
      hint: "list React pages by their path in the pages folder, e.g. pages: { client: ['index.tsx'] }",
    });
  return new Set(client);
}

/**
 * The browser code of the hydrated pages: an island chunk per page, built as the `client: true` components' are
 * (browser-bundle.ts), with the pages' imports (images, `@site/`), the browser's `@theme/Layout` and their CSS
 * modules under the server's class names (every page is bundled so the names are the same; only the hydrated
 * ones are islands). Undefined when no page is hydrated.
 */
export async function bundlePageIslands(input: {
  root: string;
  config: SiteConfig;
  modules: PageModule[];
  hydrated: Set<string>;
  cache: DiskCache;
}): Promise<BrowserBundle | undefined> {
  const { root, config, modules, hydrated } = input;
  if (hydrated.size === 0) return undefined;
  return bundleIslands(
    root,
    modules.map((m) => ({ name: m.name, file: m.file })),
    {
      baseUrl: config.baseUrl,
      define: siteDefine(config),
      cache: input.cache,
      outdir: 'assets/pages',
      css: true,
      islands: new Set(modules.filter((m) => hydrated.has(m.path)).map((m) => m.name)),
      plugins: [
        mainAsDivPlugin(),
        ...siteModulePlugins('browser'),
        ...pageImportPlugins({
          root,
          staticDirs: config.staticDirectories.map((dir) => path.resolve(root, dir)),
          baseUrl: config.baseUrl,
        }),
      ],
    },
  );
}

/**
 * The theme writes a React page's `<main>` as a `<div>` (templates/theme/SitePage.tsx: the frame has the page's one
 * `<main>`), so in the browser the page's JSX renders `main` as `div` too, or the markup would not match. Only the
 * JSX runtime is wrapped: a `createElement('main')` of the page's would not hydrate cleanly (React mends it).
 */
function mainAsDivPlugin(): esbuild.Plugin {
  const runtime = createRequire(path.join(packageRoot(), 'package.json')).resolve('react/jsx-runtime');
  const namespace = 'docsgen-page-jsx';
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: /^react\/jsx-(dev-)?runtime$/ }, () => ({ path: 'jsx-runtime', namespace }));
      build.onLoad({ filter: /.*/, namespace }, () => ({
        contents: [
          `import { jsx as j, jsxs as js, Fragment } from ${JSON.stringify(runtime)};`,
          "const as = (type) => (type === 'main' ? 'div' : type);",
          'export const jsx = (type, props, key) => j(as(type), props, key);',
          'export const jsxs = (type, props, key) => js(as(type), props, key);',
          'export const jsxDEV = jsx;',
          'export { Fragment };',
        ].join('\n'),
        loader: 'js',
        resolveDir: path.dirname(runtime),
      }));
    },
  };
}

/**
 * A hydrated page's body as an island (island-html.ts's markup for a component use): the body rendered by the
 * build in a `<docsgen-island>` naming its chunk, no props, and the loader, which hydrates it once it is visible.
 */
export function pageIslandHtml(
  body: string,
  name: string,
  browser: BrowserBundle | undefined,
  props: Record<string, unknown> = {},
): string {
  const chunk = browser?.chunks[name];
  if (!browser || !chunk) return body;
  return (
    `<docsgen-island data-component="${escapeHtml(name)}" data-src="${escapeHtml(chunk)}" style="display:contents">${body}</docsgen-island>` +
    `<script type="application/json" data-component-props>${scriptJson({ props, children: null })}</script>` +
    `<script type="module" src="${escapeHtml(browser.loader)}" data-component-loader></script>`
  );
}
