import path from 'node:path';
import { buildClientAssets, type ClientAssets } from '../assets/build-client.js';
import { mermaidFiles } from '../assets/mermaid-files.js';
import { cacheDirOf } from '../cache/cache-folder.js';
import { DiskCache, hashOf } from '../cache/disk-cache.js';
import { extractHtmlRefs, type PageRefs } from '../check/extract-html-refs.js';
import { checkLinks } from '../check/check-links.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import { applyRuleSettings } from '../diagnostics.js';
import { loadContent } from '../load/load-content.js';
import { codeVersion } from '../package-root.js';
import { compileDocs, createMarkdownContextFactory } from '../markdown/compile-docs.js';
import { createSiteData } from '../render/create-site-data.js';
import type { SiteData } from '../../templates/site-data.js';
import { canRenderInPool, renderInPool, renderPage, type PageResult } from '../render/render-pages.js';
import { SidebarHtml } from '../render/sidebar-html.js';
import { buildRoutes } from '../routes/build-routes.js';
import { planDocs } from '../routes/plan-docs.js';
import { addSectionRecords, isSearchable, type SearchRecord } from '../search/collect-records.js';
import type { PageSection } from '../search/extract-sections.js';
import type { ContentFile, Diagnostic, RenderedPage, Route, SidebarItem } from '../types.js';
import { createFileRule, listPublicFiles, type FileRule, type ListedFile } from '../content-files.js';
import { assertDocsFolderAllowed } from '../files/docs-folder.js';
import { resolveSiteRoot } from '../files/site-root.js';
import { findOutputClashes, generatedClaims } from '../routes/output-clashes.js';
import { StringPool } from '../strings.js';
import { maxWorkers } from '../workers/worker-pool.js';
import { createSitemap } from '../write/sitemap.js';
import { loadApiPages } from './load-api-pages.js';
import { createStageTimer, type Reporter, type Timings } from './stage-timer.js';

export interface BuildSiteOptions {
  /** Site root; defaults to the current directory. */
  root?: string;
  /** Config file, relative to root or absolute; defaults to `build.config.ts`. */
  config?: string;
  /** Ignore and rebuild every cache. */
  noCache?: boolean;
  /**
   * Once the site is built without errors, drop the cache entries this run
   * did not use, so the cache never grows without bound (`build` sets it; a
   * run with errors may have skipped stages whose entries the next one needs).
   */
  pruneCache?: boolean;
  /** Receives stage progress (the CLI prints it). */
  reporter?: Reporter;
  /** The out dir `build` writes (default `<root>/dist`): no content is ever read from it. */
  outDir?: string;
  /**
   * Where rendered pages go, opened once the config is known and just before
   * rendering; by default they are kept in `Site.pages`. `build` streams them
   * to disk, with the checked `public/` files it is given.
   */
  openOutput?: (config: SiteConfig, publicFiles: ListedFile[]) => Promise<PageOutput>;
  /** Build the search index (default true; `check` does not need it). */
  searchIndex?: boolean;
}

/** A destination for rendered pages, so that a large site never sits in memory whole. */
export interface PageOutput {
  write(page: RenderedPage): Promise<void>;
}

/** A whole site in memory: what `build` writes and `check` inspects. */
export interface Site {
  root: string;
  config: SiteConfig;
  configFile: string;
  routes: Route[];
  /** The rendered pages, when no `openOutput` was given (otherwise empty: they went to the output). */
  pages: RenderedPage[];
  /** Each page's ids and link targets, as the link checker read them. */
  links: { route: Route; refs: PageRefs }[];
  /** Generated files other than pages (client bundle, sitemap), by output path. */
  files: Map<string, string | Uint8Array>;
  /** Content images copied into the output: source path → output path. */
  copies: Map<string, string>;
  publicDir: string;
  /** The files of `public/` the file rule allows, each with the real path it is copied from. */
  publicFiles: ListedFile[];
  /** The file rule content was read by (the site root, this build's out dir). */
  rule: FileRule;
  /** Docs with `draft: true`: loaded but not routes (`check` explains links to them). */
  drafts: ContentFile[];
  diagnostics: Diagnostic[];
  timings: Timings;
  /** Worker threads the stages ran on (0: on the main thread, or nothing to do). */
  workers: StageWorkers;
}

/** How many worker threads compiled pages, read the library with TypeDoc, and rendered pages. */
export interface StageWorkers {
  markdown: number;
  api: number;
  render: number;
}

/**
 * The one place that knows the order of the stages:
 * config → content → routes → markdown (+ API) → routes → render → check.
 * Returns the site in memory; writing it is the caller's last step.
 */
export async function buildSite(options: BuildSiteOptions = {}): Promise<Site> {
  const root = resolveSiteRoot(options.root);
  // A bad DOCSGEN_WORKERS is an error before any work, whether or not the site is large enough for a pool.
  maxWorkers();
  const timer = createStageTimer(options.reporter);
  const loaded: LoadedConfig = await timer.stage('config', () => loadConfig({ root, configFile: options.config }));
  const { config } = loaded;
  const configFile = path.relative(root, loaded.file) || loaded.file;
  const cache = new DiskCache(cacheDirOf(root), !options.noCache);
  const publicDir = path.join(root, 'public');
  const diagnostics: Diagnostic[] = [];
  // One rule for every file content reads, lists or copies: inside the root, outside .git/, node_modules/ and the out dir.
  const rule = createFileRule(root, { outDirs: [path.resolve(root, options.outDir ?? 'dist')] });
  assertDocsFolderAllowed(config, rule, configFile);

  const [content, assets] = await Promise.all([
    timer.stage('content', () => loadContent({ root, docsDir: config.docs.path, rule, cache })),
    timer.stage('client bundle', () => buildClientAssets({ baseUrl: config.baseUrl, cache })),
  ]);
  diagnostics.push(...content.diagnostics);
  const planned = planDocs(content.files, config);
  diagnostics.push(...planned.diagnostics);

  const listing = await listPublicFiles(rule, publicDir);
  diagnostics.push(...listing.diagnostics);
  const publicFiles = listing.files.map((file) => file.path);
  const { markdown, sharedKey, docRoutes, workerInit } = createMarkdownContextFactory({ config, publicDir, docs: planned.docs });
  const [compiled, api] = await Promise.all([
    timer.stage('markdown', () => compileDocs(planned.docs, { root, config, cache, markdown, workerInit, sharedKey, docRoutes, reporter: options.reporter })),
    timer.stage('api', () => loadApiPages({ root, config, cache, noCache: options.noCache, markdown, sharedKey, docRoutes })),
  ]);
  diagnostics.push(...compiled.diagnostics, ...api.diagnostics);
  // Pages that stream out are not compiled again in this build: their sources need not stay in memory.
  if (options.openOutput) for (const doc of planned.docs) doc.file.body = '';

  const table = timer.stage('routes', () =>
    buildRoutes({ config, configFile, docs: compiled.docs, apiPages: api.pages, apiSidebar: api.sidebar }),
  );
  diagnostics.push(...table.diagnostics);

  const copies = new Map<string, string>();
  for (const doc of compiled.docs) for (const [from, to] of Object.entries(doc.content.assets)) copies.set(from, to);
  let mermaidUrl: string | undefined;
  if (compiled.docs.some((d) => d.content.hasMermaid)) {
    const mermaid = mermaidFiles();
    for (const [from, to] of mermaid.copies) copies.set(from, to);
    mermaidUrl = config.baseUrl + mermaid.entry;
  }
  const site = createSiteData(config, { assets: { css: assets.css, js: assets.js, preload: assets.preload }, codeSampleHtml: compiled.codeSampleHtml, mermaidUrl });
  const sidebarHtml = new SidebarHtml(table.sidebars, config.baseUrl);
  const sidebarFiles = sidebarHtml.files(usedSidebars(table.routes));
  // Known before anything is written: pages stream out as they render, and two sources must never share a file.
  const clashes = findOutputClashes({
    routes: table.routes,
    routeLines: new Map(compiled.docs.flatMap(({ doc }) => (doc.file.routeKeyLine ? [[doc.file.file, doc.file.routeKeyLine] as const] : []))),
    publicFiles,
    publicDir: path.relative(root, publicDir) || 'public',
    generated: generatedClaims({ sitemap: config.sitemap.filename, assets: assets.files.keys(), sidebarFiles: sidebarFiles.keys(), copies, root }),
    configFile,
  });
  diagnostics.push(...clashes);
  const pages: RenderedPage[] = [];
  // With a clash the build fails: its pages are rendered for the link checker only, and the output is never opened.
  const discard = !!options.openOutput && clashes.length > 0;
  const output = discard ? discardPages() : options.openOutput ? await options.openOutput(config, listing.files) : keepInMemory(pages);
  const wantSearch = options.searchIndex !== false && !discard;
  const { links, hashes, sections, workers: renderWorkers } = await timer.stage('render', () =>
    renderAll({ routes: table.routes, site, sidebars: table.sidebars, sidebarHtml, output, pool: !!options.openOutput, sections: wantSearch && site.search.provider === 'local', reporter: options.reporter }),
  );

  const files = new Map<string, string | Uint8Array>(assets.files);
  const sitemap = await createSitemap(table.routes, config);
  files.set(config.sitemap.filename, sitemap);
  if (wantSearch) {
    // The search index is cached by the HTML of every page.
    const key = hashOf(codeVersion(), site.baseUrl, site.issuesUrl, site.search, hashes);
    const searchFiles = await timer.stage('search index', () => cachedSearchIndex({ key, routes: table.routes, sections, site, cache }));
    for (const [file, contents] of searchFiles) files.set(file, contents);
  }
  // Sidebar categories fetched when opened: written once, and their links checked like any page's.
  for (const [file, html] of sidebarFiles) {
    files.set(file, html);
    links.push({ route: { path: '/' + file, kind: 'doc', title: file }, refs: extractHtmlRefs(html) });
  }
  const outputFiles = new Set<string>([...publicFiles, ...files.keys(), ...copies.values()]);
  diagnostics.push(...timer.stage('check links', () => checkLinks({ config, pages: links, files: outputFiles })));
  const checked = applyRuleSettings(diagnostics, config);
  if (options.pruneCache && !checked.some((d) => d.severity === 'error')) cache.prune();

  return {
    root,
    config,
    configFile,
    routes: table.routes,
    pages,
    links,
    files,
    copies,
    publicDir,
    publicFiles: listing.files,
    rule,
    drafts: content.files.filter((f) => f.frontMatter.draft),
    diagnostics: checked,
    timings: timer.timings,
    workers: { markdown: compiled.workers, api: api.workers, render: renderWorkers },
  };
}

function discardPages(): PageOutput {
  return { write: async () => undefined };
}

function keepInMemory(pages: RenderedPage[]): PageOutput {
  return {
    write: async (page) => {
      pages.push(page);
    },
  };
}

interface RenderInput {
  routes: Route[];
  site: SiteData;
  sidebars: Map<string, SidebarItem[]>;
  sidebarHtml: SidebarHtml;
  output: PageOutput;
  /**
   * Pages stream out: render on worker threads when the site is large enough, and release each route's compiled
   * body once its page is written. Pages kept in memory (no `openOutput`) are rendered on this thread, routes intact.
   */
  pool: boolean;
  /** Read the search sections of searchable pages, in the same parse as their links. */
  sections: boolean;
  reporter?: Reporter;
}

/** Renders every route into the output, keeping only what later stages need: links, HTML hashes and search sections. */
async function renderAll({ routes, site, sidebars, sidebarHtml, output, pool, sections, reporter }: RenderInput) {
  const links: Site['links'] = new Array(routes.length);
  const hashes: string[] = new Array(routes.length);
  const found: (PageSection[] | undefined)[] | undefined = sections ? new Array(routes.length) : undefined;
  let done = 0;
  // Link targets repeat on every page (navbar, sidebar): each distinct one is kept once.
  const strings = new StringPool();
  const pooled = (text: string) => strings.get(text);
  const keep = async (index: number, result: PageResult) => {
    const route = routes[index];
    links[index] = { route, refs: { ids: new Set([...result.refs.ids].map(pooled)), refs: result.refs.refs.map(pooled) } };
    hashes[index] = result.hash;
    if (found) found[index] = result.sections;
    await output.write({ route, outPath: result.outPath, html: result.html });
    // Streamed out: the compiled body is not needed again, and on a large site the bodies are most of the memory.
    if (pool && route.content) route.content.html = '';
    reporter?.progress?.(++done, routes.length, 'render');
  };
  let workers = 0;
  if (pool && canRenderInPool(routes.length)) workers = await renderInPool(routes, { site, sidebars: [...sidebars], sections }, keep);
  else for (let i = 0; i < routes.length; i++) await keep(i, renderPage(routes[i], site, sidebars, sidebarHtml, { sections: sections && isSearchable(routes[i]) }));
  return { links, hashes, sections: found, workers };
}

/** The sidebars some page shows. */
function usedSidebars(routes: Route[]): Set<string> {
  return new Set(routes.flatMap((route) => (route.sidebar ? [route.sidebar] : [])));
}

interface SearchInput {
  key: string;
  routes: Route[];
  /** Each searchable route's sections, read while rendering (none unless the local search provider is on). */
  sections?: (PageSection[] | undefined)[];
  site: SiteData;
  cache: DiskCache;
}

/** The search index, reused from the cache when no page's HTML and no search setting changed; else built from the sections read while rendering. */
async function cachedSearchIndex({ key, routes, sections, site, cache }: SearchInput): Promise<Map<string, string>> {
  const cached = cache.getFiles('search', key);
  if (cached) return cached;
  const { buildSearchFiles } = await import('../search/build-search-index.js');
  const records: SearchRecord[] = [];
  if (site.search.provider === 'local' && sections) {
    for (let i = 0; i < routes.length; i++) {
      const found = sections[i];
      if (found) addSectionRecords(records, routes[i], found, site.baseUrl);
    }
  }
  const { files } = buildSearchFiles(routes, records, site);
  cache.setFiles('search', key, files);
  return files;
}

export type { ClientAssets };
