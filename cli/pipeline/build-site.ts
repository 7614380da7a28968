import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { buildClientAssets, type ClientAssets } from '../assets/build-client.js';
import { mermaidFiles } from '../assets/mermaid-files.js';
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
import { outputPathOf, renderRoute } from '../render/render-route.js';
import { SidebarHtml } from '../render/sidebar-html.js';
import { buildRoutes } from '../routes/build-routes.js';
import { planDocs } from '../routes/plan-docs.js';
import type { SearchRecord } from '../search/collect-records.js';
import type { ContentFile, Diagnostic, RenderedPage, Route } from '../types.js';
import { StringPool } from '../strings.js';
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
  /** Receives stage progress (the CLI prints it). */
  reporter?: Reporter;
  /**
   * Where rendered pages go, opened once the config is known and just before
   * rendering; by default they are kept in `Site.pages`. `build` streams them to disk.
   */
  openOutput?: (config: SiteConfig) => Promise<PageOutput>;
  /** Build the search index (default true; `check` does not need it). */
  searchIndex?: boolean;
}

/** A destination for rendered pages, so that a large site never sits in memory whole. */
export interface PageOutput {
  write(page: RenderedPage): Promise<void>;
  /** A page written earlier, read back (the search index does this when its cache misses). */
  read(outPath: string): Promise<string>;
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
  /** Docs with `draft: true`: loaded but not routes (`check` explains links to them). */
  drafts: ContentFile[];
  diagnostics: Diagnostic[];
  timings: Timings;
}

/**
 * The one place that knows the order of the stages:
 * config → content → routes → markdown (+ API) → routes → render → check.
 * Returns the site in memory; writing it is the caller's last step.
 */
export async function buildSite(options: BuildSiteOptions = {}): Promise<Site> {
  const root = path.resolve(options.root ?? process.cwd());
  const timer = createStageTimer(options.reporter);
  const loaded: LoadedConfig = await timer.stage('config', () => loadConfig({ root, configFile: options.config }));
  const { config } = loaded;
  const configFile = path.relative(root, loaded.file) || loaded.file;
  const cache = new DiskCache(path.join(root, 'node_modules', '.cache', 'docsgen'), !options.noCache);
  const publicDir = path.join(root, 'public');
  const diagnostics: Diagnostic[] = [];

  const [content, assets] = await Promise.all([
    timer.stage('content', () => loadContent({ root, docsDir: config.docs.path })),
    timer.stage('client bundle', () => buildClientAssets({ baseUrl: config.baseUrl })),
  ]);
  diagnostics.push(...content.diagnostics);
  const planned = planDocs(content.files, config);
  diagnostics.push(...planned.diagnostics);

  const publicFiles = existsSync(publicDir) ? await fg('**/*', { cwd: publicDir, dot: false, onlyFiles: true }) : [];
  const { markdown, sharedKey, workerInit } = createMarkdownContextFactory({ config, publicDir, publicFiles, docs: planned.docs });
  const [compiled, api] = await Promise.all([
    timer.stage('markdown', () => compileDocs(planned.docs, { root, config, cache, publicDir, publicFiles, markdown, workerInit, sharedKey, reporter: options.reporter })),
    timer.stage('api', () => loadApiPages({ root, config, cache, noCache: options.noCache, markdown, sharedKey })),
  ]);
  diagnostics.push(...compiled.diagnostics, ...api.diagnostics);

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
  const pages: RenderedPage[] = [];
  const output = options.openOutput ? await options.openOutput(config) : keepInMemory(pages);
  const links: Site['links'] = [];
  const strings = new StringPool();
  // The search index is cached by the HTML of every page: hashed as pages pass, since they are not kept.
  const searchKey = createHash('sha256').update(hashOf(codeVersion(), site.baseUrl, site.issuesUrl, site.search));
  await timer.stage('render', async () => {
    for (const route of table.routes) {
      const page = renderRoute(route, site, table.sidebars, sidebarHtml);
      links.push({ route, refs: extractHtmlRefs(page.html, (text) => strings.get(text)) });
      searchKey.update(page.html).update('\0');
      await output.write(page);
      options.reporter?.progress?.(links.length, table.routes.length, 'render');
    }
  });

  const files = new Map<string, string | Uint8Array>(assets.files);
  const sitemap = await createSitemap(table.routes, config);
  files.set(config.sitemap.filename, sitemap);
  if (options.searchIndex !== false) {
    const key = searchKey.digest('hex').slice(0, 32);
    const searchFiles = await timer.stage('search index', () => cachedSearchIndex({ key, routes: table.routes, output, site, cache }));
    for (const [file, contents] of searchFiles) files.set(file, contents);
  }
  // Sidebar categories fetched when opened: written once, and their links checked like any page's.
  for (const [file, html] of sidebarHtml.files()) {
    files.set(file, html);
    links.push({ route: { path: '/' + file, kind: 'doc', title: file }, refs: extractHtmlRefs(html) });
  }
  const outputFiles = new Set<string>([...publicFiles, ...files.keys(), ...copies.values()]);
  diagnostics.push(...timer.stage('check links', () => checkLinks({ config, pages: links, files: outputFiles })));

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
    drafts: content.files.filter((f) => f.frontMatter.draft),
    diagnostics: applyRuleSettings(diagnostics, config),
    timings: timer.timings,
  };
}

function keepInMemory(pages: RenderedPage[]): PageOutput {
  const html = new Map<string, string>();
  return {
    write: async (page) => {
      pages.push(page);
      html.set(page.outPath, page.html);
    },
    read: async (outPath) => html.get(outPath) ?? '',
  };
}

interface SearchInput {
  key: string;
  routes: Route[];
  output: PageOutput;
  site: SiteData;
  cache: DiskCache;
}

/** The search index, reused from the cache when no page's HTML and no search setting changed; else built from the pages read back. */
async function cachedSearchIndex({ key, routes, output, site, cache }: SearchInput): Promise<Map<string, string>> {
  const cached = cache.get<[string, string][]>('search', key);
  if (cached) return new Map(cached);
  const [{ buildSearchFiles }, { addPageRecords, isSearchable }] = await Promise.all([import('../search/build-search-index.js'), import('../search/collect-records.js')]);
  const records: SearchRecord[] = [];
  if (site.search.provider === 'local') {
    for (const route of routes.filter(isSearchable)) addPageRecords(records, { route, outPath: outputPathOf(route), html: await output.read(outputPathOf(route)) }, site.baseUrl);
  }
  const { files } = buildSearchFiles(routes, records, site);
  cache.set('search', key, [...files]);
  return files;
}

export type { ClientAssets };
