import path from 'node:path';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import { bundleComponents, type ComponentBundle } from '../components/bundle-components.js';
import { ComponentRenderer } from '../components/component-renderer.js';
import { COMPONENT_TIMEOUT_ENV } from '../components/load-components.js';
import { takePageHead } from '../components/page-head.js';
import { pageImportPlugins } from '../components/page-imports.js';
import { NO_COUNTERPART, pageProps, SUPPORTED_IMPORTS, siteDefine } from '../components/docusaurus-shims.js';
import { timeoutFromEnv } from '../config/evaluate-config.js';
import type { SiteConfig } from '../config/schema.js';
import { untrustedFolderPaths } from '../files/docs-folder.js';
import { listSiteFiles, FILE_RULE_HINT, type FileRule, type ListedFile } from '../files/content-files.js';
import { DocsgenError } from '../errors.js';
import type { Diagnostic, Route } from '../types.js';
import type { BrowserBundle } from '../components/browser-bundle.js';
import { bundlePageIslands, hydratedPages, pageIslandHtml } from './page-islands.js';
import { pageRouteError, pageRoutePath, type PagesFolder } from './pages-folder.js';

/** The extensions of a React page module, as Docusaurus's pages plugin takes them. */
export const PAGE_MODULE = /\.(tsx|jsx|ts|js)$/;

export interface ReactPages {
  routes: Route[];
  diagnostics: Diagnostic[];
  /** The files the pages were bundled from (absolute; dev watches them), `node_modules/` left out. */
  inputs: string[];
  /** The hydrated pages' browser code (`pages.client`), written under assets/pages/. */
  browser?: BrowserBundle;
}

/**
 * The React pages of the pages folder (`src/pages/showcase.tsx`): the site's own code, trusted as the config's
 * components are, bundled the same way (bundle-components.ts, with the same `@theme/*` shims) and rendered to static
 * markup on the component thread, each within the components' time limit. Never read from a folder whose files
 * are content (the docs folder, `content/`, the static folders): there a page module is an error, and not run. A
 * page that does not bundle, throws or is stopped is an error at its file; the others are built.
 */
export async function loadReactPages(input: {
  config: SiteConfig;
  folder: PagesFolder;
  rule: FileRule;
  cache: DiskCache;
  configFile: string;
}): Promise<ReactPages> {
  const { config, folder, rule } = input;
  const listing = await listSiteFiles(rule, folder.dir, {
    include: (file) => PAGE_MODULE.test(file) && !file.endsWith('.d.ts'),
    dot: false,
    ignore: folder.ignore,
    hint: FILE_RULE_HINT,
  });
  const diagnostics = [...listing.diagnostics];
  const modules: { file: ListedFile; name: string; route: string }[] = [];
  const untrusted = contentFolders(config, rule.realRoot);
  for (const file of listing.files) {
    const name = path.relative(rule.root, path.join(folder.dir, file.path)).split(path.sep).join('/');
    const inside = untrusted.find((dir) => file.real === dir || file.real.startsWith(dir + path.sep));
    if (inside) {
      diagnostics.push({
        severity: 'error',
        rule: 'untrusted-page-module',
        message: `this React page is inside ${path.relative(rule.realRoot, inside) || '.'}/, whose files are content: it is not run (content never runs code)`,
        file: name,
        hint: 'keep the pages folder (`pages.path`) out of the docs folder, content/ and the static folders, e.g. src/pages',
      });
      continue;
    }
    const route = pageRoutePath(file.path, folder.routeBase);
    const routeError = pageRouteError(route, name);
    if (routeError) {
      diagnostics.push(routeError);
      continue;
    }
    modules.push({ file, name, route });
  }
  const pageModules = modules.map((m) => ({
    path: m.file.path.split(path.sep).join('/'),
    name: m.name,
    file: m.file.real,
  }));
  const hydrated = hydratedPages(config, input.configFile, pageModules);
  if (modules.length === 0) return { routes: [], diagnostics, inputs: [] };
  let bundle: ComponentBundle;
  let browser: BrowserBundle | undefined;
  try {
    [bundle, browser] = await Promise.all([
      bundleComponents(
        rule.root,
        modules.map((m) => ({ name: m.name, file: m.file.real, client: false })),
        {
          entryName: 'docsgen-pages.js',
          css: true,
          define: siteDefine(config),
          plugins: pageImportPlugins({
            root: rule.root,
            staticDirs: config.staticDirectories.map((dir) => path.resolve(rule.root, dir)),
            baseUrl: config.baseUrl,
          }),
        },
      ),
      bundlePageIslands({ root: rule.root, config, modules: pageModules, hydrated, cache: input.cache }),
    ]);
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    return { routes: [], diagnostics: [...diagnostics, ...asPageErrors(error, 'page-bundle')], inputs: [] };
  }
  const island = (module: { file: ListedFile }) => hydrated.has(module.file.path.split(path.sep).join('/'));
  const props = pageProps(config);
  const rendered = await renderPages(bundle, modules, input.cache, rule.root, island, props);
  diagnostics.push(...rendered.diagnostics);
  // The pages' own CSS (their CSS modules), in each React page: trusted, and scoped by CSS modules' class names.
  const style = bundle.css ? `<style>${bundle.css.replaceAll('</style', '<\\/style')}</style>` : '';
  const routes = rendered.pages.map(({ module, html }): Route => {
    const head = takePageHead(html);
    return {
      path: module.route,
      kind: 'page',
      reactPage: true,
      title: head.title ?? config.title,
      description: head.description ?? (config.tagline || undefined),
      file: module.name,
      content: {
        html: style + pageIslandHtml(head.html, module.name, browser, props),
        headings: [],
        links: [],
        assets: {},
        diagnostics: [],
      },
    };
  });
  return { routes, diagnostics, inputs: bundle.inputs, ...(browser ? { browser } : {}) };
}

/** Renders each page's default export, cached by the bundle's hash (an edit to any file it imports renders all again). */
async function renderPages<M extends { name: string }>(
  bundle: ComponentBundle,
  modules: M[],
  cache: DiskCache,
  root: string,
  /** True for a hydrated page: rendered as an island (renderToString, keeping the markers React hydrates by). */
  island: (module: M) => boolean,
  /** What each page is given (pageProps: the site's `config`), as the browser gives it when the page hydrates. */
  props: Record<string, unknown>,
): Promise<{ pages: { module: M; html: string }[]; diagnostics: Diagnostic[] }> {
  const pages: { module: M; html: string }[] = [];
  const diagnostics: Diagnostic[] = [];
  let renderer: ComponentRenderer | undefined;
  try {
    for (const module of modules) {
      const key = hashOf(bundle.hash, module.name, island(module), props);
      const cached = cache.get<string>('react-pages', key);
      if (cached !== undefined) {
        pages.push({ module, html: cached });
        continue;
      }
      renderer ??= new ComponentRenderer(bundle, root, timeoutFromEnv(COMPONENT_TIMEOUT_ENV, 10));
      const outcome = await renderer.render({ name: module.name, props, children: false, island: island(module) });
      if ('html' in outcome) {
        cache.set('react-pages', key, outcome.html);
        pages.push({ module, html: outcome.html });
      } else
        diagnostics.push({
          severity: 'error',
          rule: 'page-render',
          message: `the page's component ${outcome.error}`,
          file: module.name,
          hint: 'fix the page: its default export must render on the server with only the `config` prop (no window, no document)',
        });
    }
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    diagnostics.push(...asPageErrors(error, 'page-render'));
  } finally {
    await renderer?.close();
  }
  return { pages, diagnostics };
}

/** A bundle or load failure (thrown as a config error for components) as errors of the pages. */
function asPageErrors(error: DocsgenError, rule: string): Diagnostic[] {
  const hint = 'fix the page module: it must build with esbuild and `export default` a React component';
  // A Docusaurus module docsgen has no stand-in for: say which ones it has.
  const docusaurusHint = `docsgen gives pages ${SUPPORTED_IMPORTS.length} of Docusaurus's modules (the error lists them): write the page without the others`;
  const hintOf = (message: string) =>
    message.includes(NO_COUNTERPART) ||
    message.startsWith('Could not resolve "@theme/') ||
    message.startsWith('Could not resolve "@docusaurus/')
      ? docusaurusHint
      : hint;
  if (error.diagnostics.length > 0)
    return error.diagnostics.map((d) => ({ ...d, severity: 'error', rule, hint: hintOf(d.message) }));
  const message = error.message.replace('the site components (`components` in the config)', 'the React pages');
  return [{ severity: 'error', rule, message, hint: error.hint ?? hint }];
}

/** The folders whose files are content, by real path (as component-modules.ts judges the config's components). */
function contentFolders(config: SiteConfig, realRoot: string): string[] {
  return untrustedFolderPaths(config).map((dir) => path.resolve(realRoot, dir));
}
