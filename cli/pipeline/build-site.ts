import { existsSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { buildClientAssets, type ClientAssets } from '../assets/build-client.js';
import { mermaidFiles } from '../assets/mermaid-files.js';
import { DiskCache, hashOf } from '../cache/disk-cache.js';
import { extractHtmlRefs } from '../check/extract-html-refs.js';
import { checkLinks } from '../check/check-links.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import { applyRuleSettings } from '../diagnostics.js';
import { loadContent } from '../load/load-content.js';
import { codeVersion } from '../package-root.js';
import { compileDocs, createMarkdownContextFactory } from '../markdown/compile-docs.js';
import { createSiteData } from '../render/create-site-data.js';
import { renderRoute } from '../render/render-route.js';
import { SidebarHtml } from '../render/sidebar-html.js';
import { buildRoutes } from '../routes/build-routes.js';
import { planDocs } from '../routes/plan-docs.js';
import type { buildSearchIndex } from '../search/build-search-index.js';
import type { ContentFile, Diagnostic, RenderedPage, Route } from '../types.js';
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
}

/** A whole site in memory: what `build` writes and `check` inspects. */
export interface Site {
  root: string;
  config: SiteConfig;
  configFile: string;
  routes: Route[];
  pages: RenderedPage[];
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
  const { pages, refs } = timer.stage('render', () => {
    const pages: RenderedPage[] = [];
    const refs: { route: Route; refs: ReturnType<typeof extractHtmlRefs> }[] = [];
    for (const route of table.routes) {
      const page = renderRoute(route, site, table.sidebars, sidebarHtml);
      pages.push(page);
      refs.push({ route, refs: extractHtmlRefs(page.html) });
      options.reporter?.progress?.(pages.length, table.routes.length, 'render');
    }
    return { pages, refs };
  });

  const files = new Map<string, string | Uint8Array>(assets.files);
  const sitemap = await createSitemap(table.routes, config);
  files.set(config.sitemap.filename, sitemap);
  const searchFiles = await timer.stage('search index', () => cachedSearchIndex(pages, site, cache));
  for (const [file, contents] of searchFiles) files.set(file, contents);
  // Sidebar categories fetched when opened: written once, and their links checked like any page's.
  for (const [file, html] of sidebarHtml.files()) {
    files.set(file, html);
    refs.push({ route: { path: '/' + file, kind: 'doc', title: file }, refs: extractHtmlRefs(html) });
  }
  const outputFiles = new Set<string>([...publicFiles, ...files.keys(), ...copies.values()]);
  diagnostics.push(...timer.stage('check links', () => checkLinks({ config, pages: refs, files: outputFiles })));

  return {
    root,
    config,
    configFile,
    routes: table.routes,
    pages,
    files,
    copies,
    publicDir,
    drafts: content.files.filter((f) => f.frontMatter.draft),
    diagnostics: applyRuleSettings(diagnostics, config),
    timings: timer.timings,
  };
}

/** The search index, reused from the cache when no page's HTML and no search setting changed. */
async function cachedSearchIndex(pages: RenderedPage[], site: Parameters<typeof buildSearchIndex>[1], cache: DiskCache): Promise<Map<string, string>> {
  const key = hashOf(codeVersion(), site.baseUrl, site.issuesUrl, site.search, pages.map((page) => page.html));
  const cached = cache.get<[string, string][]>('search', key);
  if (cached) return new Map(cached);
  const { buildSearchIndex } = await import('../search/build-search-index.js');
  const { files } = buildSearchIndex(pages, site);
  cache.set('search', key, [...files]);
  return files;
}

export type { ClientAssets };
