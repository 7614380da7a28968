import path from 'node:path';
import { buildClientAssets } from '../assets/build-client.js';
import { CUSTOM_CSS_RULE } from '../assets/site-styles-plugin.js';
import { resolveCustomCss, type SiteStyles } from '../assets/site-styles.js';
import type { DiskCache } from '../cache/disk-cache.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import { CONTENT_IMAGES_DIR, readContentAsset, type FileRule } from '../files/content-files.js';
import type { SiteConfig } from '../config/schema.js';
import { applyRuleSettings } from '../diagnostics.js';
import { DocsgenError } from '../errors.js';
import { listStaticFiles, staticDirsOf, type StaticFile, type StaticListing } from '../files/static-dirs.js';
import { DEFAULT_LANGUAGES } from '../markdown/highlighter.js';
import { prestartCompileWorkers } from '../markdown/compile-docs.js';
import { packageRoot } from '../package-root.js';
import { loadCheckedApiPages, type CheckedApiPages } from '../api/check-api-examples.js';
import { loadApiModel, type LoadedApiModel } from '../api/load-api-pages.js';
import { outputPathOf, pageUrlOf, renderRoute } from '../render/render-route.js';
import { SidebarHtml } from '../render/sidebar-html.js';
import {
  combineSources,
  createListedSource,
  fileEntry,
  type SiteEntry,
  type SiteSource,
} from '../serve/site-source.js';
import { buildSearchIndex, SEARCH_DIR } from '../search/build-search-index.js';
import { escapeHtml } from '../strings.js';
import type { Diagnostic, LazyFile, Route } from '../types.js';
import { generatedFiles } from '../pipeline/site-outputs.js';
import { setUpSite } from '../pipeline/site-setup.js';
import { readSocialLogo } from '../og/social-logo.js';
import { wantsSocialImages } from '../og/social-images-wanted.js';
import type { SiteComponents } from '../components/fill-components.js';
import { loadSiteComponents } from '../components/load-components.js';
import { classifyChanges, type ChangeSet } from './classify-changes.js';
import { startGitDates } from '../last-update/last-updates.js';
import { blogOptionsOf, buildBlog, planBlog, type BlogPlan, type BuiltBlog } from '../blog/build-blog.js';
import { assembleSite, type AssembledSite, type SiteInputs } from './assemble-site.js';
import { contentDiagnostics, shownDocs, type DevContent } from './dev-content.js';
import { findUnusedPartials } from '../load/unused-partials.js';
import { refreshVersions, versionPaths, type DevVersions } from './dev-versions.js';
import { DevSamples } from './dev-samples.js';
import { WorkerKeeper } from '../workers/worker-pool.js';
import { loadTheme, type Theme } from './theme-loader.js';
import { readLogoSize } from '../render/logo-size.js';
import { loadSitePages, planSitePages, type PagesPlan, type SitePages } from '../pages/site-pages.js';
import type { ReactPages } from '../pages/react-pages.js';
import { pagesFolderOf } from '../pages/pages-folder.js';

export interface DevSiteOptions {
  root: string;
  /** Config file, relative to root or absolute. */
  config?: string;
  noCache?: boolean;
  /** The theme folder; defaults to docsgen's own `templates/`. */
  templatesDir?: string;
}

/** What open tabs should do after an update. */
export interface DevUpdate {
  /** Route paths whose page changed, or 'all'. Empty when nothing visible changed. */
  reload: string[] | 'all';
  /** Set when only the stylesheet changed: old and new URLs. */
  css?: { from: string[]; to: string[] };
  /** Route paths that appeared or disappeared (a doc added, deleted, renamed or given another slug). */
  added: string[];
  removed: string[];
  duration: number;
}

type Built = SiteInputs & AssembledSite;

/**
 * The site as `docsgen dev` keeps it: in memory, rendered on request,
 * updated incrementally by `update(changedFiles)`. Reuses the pipeline's
 * stage functions; only the orchestration differs from `buildSite()`.
 */
export class DevSite {
  readonly root: string;
  readonly templatesDir: string;
  private built!: Built;
  private theme: Theme = { render: renderRoute, SidebarHtml };
  private sidebarCache?: { key: string; theme: Theme; html: SidebarHtml };
  private readonly rendered = new Map<string, string>();
  private searchFiles?: Map<string, string>;
  /** The outputs stage's other files (sitemap, sidebar fragments, Markdown copies, social images), made on first request after a change. */
  private outputFiles?: Promise<{ files: Map<string, string>; lazy: Map<string, LazyFile> }>;
  /** Why the social images have no logo (the navbar logo refused by the file rule). */
  private logoDiagnostics: Diagnostic[] = [];
  private configErrors: Diagnostic[] = [];
  private themeErrors: Diagnostic[] = [];
  /** Why the site components could not be bundled again after an edit (the last good bundle stays in use). */
  private componentErrors: Diagnostic[] = [];
  private components?: SiteComponents;
  /** `theme.customCss`, checked: bundled after the theme's stylesheet. */
  private customCss?: SiteStyles;
  /** The rule every file dev reads or serves from content and public/ goes by (as `build`'s, with `<root>/dist`). */
  private rule!: FileRule;
  /** `public/` as the rule lists it: what dev serves (site path → real path), and what it refused. */
  private publicListing: StaticListing = { files: [], diagnostics: [] };
  private publicServed = new Map<string, string>();
  /** The code samples of the session, with the one checker that compiles them. */
  private readonly samples = new DevSamples();
  /** The compile workers, kept between edits: a fresh one would load the Markdown stack and the highlighter each time. */
  private readonly compileWorkers = new WorkerKeeper();
  /** The library's model, read (or being read) for the config in force. */
  private apiModel?: Promise<LoadedApiModel>;
  /** The pages folder's Markdown pages, routed: read before the docs, whose `.md` links may name them. */
  private pagePlan?: PagesPlan;

  constructor(private readonly options: DevSiteOptions) {
    this.root = path.resolve(options.root);
    this.templatesDir = path.resolve(options.templatesDir ?? path.join(packageRoot(), 'templates'));
  }

  /** Loads everything; rejects with a DocsgenError when the config cannot be loaded. */
  async start(): Promise<void> {
    const loaded = await loadConfig({ root: this.root, configFile: this.options.config });
    try {
      this.built = await this.buildAll(loaded);
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  get baseUrl(): string {
    return this.built.loaded.config.baseUrl;
  }

  /** The config in force (the last one that loaded). */
  get config(): SiteConfig {
    return this.built.loaded.config;
  }

  get configFile(): string {
    return this.built.loaded.file;
  }

  /** The static folders (`staticDirectories`), absolute. */
  get staticDirs(): string[] {
    return staticDirsOf(this.built.loaded.config, this.root);
  }

  /** The file rule content and public/ are read and served by. */
  get fileRule(): FileRule {
    return this.rule;
  }

  get docsDir(): string {
    return path.resolve(this.root, this.built.loaded.config.docs.path);
  }

  /** The pages folder (src/pages), when the site has one. */
  get pagesDir(): string | undefined {
    return pagesFolderOf(this.built.loaded.config, this.root)?.dir;
  }

  /** The files the React pages are bundled from (absolute), which dev watches besides the pages folder. */
  get pageInputs(): string[] {
    return this.built.sitePages.inputs;
  }

  /** Where the code samples' setups are, when samples are checked. */
  get setupDir(): string | undefined {
    return this.samples.active ? path.resolve(this.root, this.built.loaded.config.codeSamples.setupDir) : undefined;
  }

  /**
   * Prepares the highlighter in the background (creating it and compiling
   * each language's grammar costs about a second), so the first edit is as
   * fast as the next ones. Yields between languages to keep serving.
   */
  async warmUp(): Promise<void> {
    const { config } = this.built.loaded;
    // A start from a warm cache compiled nothing, so the Markdown stack is not loaded yet: load it now, not on the first edit.
    await import('../markdown/compile-markdown.js');
    // Pages compile on a worker (compile-pool.ts): have it loaded before the first edit.
    prestartCompileWorkers(this.built.content.factory.workerInit, this.built.cache, this.compileWorkers);
    const ctx = await this.built.content.factory.markdown();
    for (const lang of [...DEFAULT_LANGUAGES, ...config.highlight.additionalLanguages]) {
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await ctx.highlighter.load([lang]);
        ctx.highlighter.toHtml('const a = "b"; // c', lang);
      } catch {
        // A language the highlighter refuses is reported when a page uses it.
      }
    }
  }

  /** Every current diagnostic (errors and warnings), rule settings applied. */
  diagnostics(): Diagnostic[] {
    const { versions, api, table, loaded } = this.built;
    const samples = [...this.samples.diagnostics(), ...(api.samples?.diagnostics ?? [])];
    const content = [...versions.errors, ...versions.all.flatMap((v) => contentDiagnostics(v.content))];
    const unusedPartials = findUnusedPartials(
      versions.all.flatMap((v) => v.content.partials),
      versions.all.flatMap((v) => shownDocs(v.content).map((d) => d.content)),
    );
    return [
      ...this.configErrors,
      ...this.themeErrors,
      ...this.componentErrors,
      ...applyRuleSettings(
        [
          ...this.publicListing.diagnostics,
          ...this.logoDiagnostics,
          ...content,
          ...unusedPartials,
          ...samples,
          ...api.diagnostics,
          ...this.built.sitePages.diagnostics,
          ...(this.built.blog?.diagnostics ?? []),
          ...table.diagnostics,
        ],
        loaded.config,
      ),
    ];
  }

  /** Stops what runs besides the server: the code-sample checker's worker, the compile workers. */
  async close(): Promise<void> {
    await Promise.all([this.samples.close(), this.compileWorkers.close()]);
  }

  /** The errors the overlay shows. */
  errors(): Diagnostic[] {
    return this.diagnostics().filter((d) => d.severity === 'error');
  }

  /** Applies a batch of changed files (absolute paths) and says which pages changed. */
  async update(files: string[]): Promise<DevUpdate> {
    const start = performance.now();
    const componentInputs = new Set(this.componentInputs);
    const changes = classifyChanges(files, {
      configFile: this.configFile,
      docsDir: this.docsDir,
      versionPaths: [...versionPaths(this.root), ...(this.blogDir ? [this.blogDir] : [])],
      staticDirs: this.staticDirs,
      templatesDir: this.templatesDir,
      setupDir: this.setupDir,
      componentInputs,
      styleInputs: new Set(this.styleInputs),
      pagesDir: this.pagesDir,
      pageInputs: new Set(this.pageInputs),
    });
    const before = this.routePaths();
    const result = await this.apply(changes);
    const after = this.routePaths();
    const added = [...after].filter((p) => !before.has(p));
    const removed = [...before].filter((p) => !after.has(p));
    return { ...result, added, removed, duration: Math.round(performance.now() - start) };
  }

  /** The output paths of every page dev renders on request (`docs/x/index.html`), as a build writes them. */
  pagePaths(): string[] {
    return [...this.built.pages.keys()];
  }

  private routePaths(): Set<string> {
    return new Set(this.built.table.routes.map((route) => route.path));
  }

  private async apply(changes: ChangeSet): Promise<Pick<DevUpdate, 'reload' | 'css'>> {
    if (changes.config) {
      try {
        const loaded = await loadConfig({ root: this.root, configFile: this.options.config });
        this.configErrors = [];
        this.built = await this.buildAll(loaded);
        return this.reloadAll();
      } catch (error) {
        if (!(error instanceof DocsgenError)) throw error;
        this.configErrors = configDiagnostics(error, this.configFile);
        return { reload: [] };
      }
    }
    let reload: string[] | 'all' = [];
    let css: DevUpdate['css'];
    if (changes.templates) {
      const theme = await loadTheme();
      this.themeErrors = 'diagnostics' in theme ? theme.diagnostics : [];
      if ('render' in theme) this.theme = theme;
      reload = 'all';
    }
    if (changes.styles || changes.client) {
      const before = this.built.assets;
      try {
        this.built.assets = await buildClientAssets({
          baseUrl: this.baseUrl,
          searchProvider: this.config.search.provider,
          templatesDir: this.templatesDir,
          customCss: this.customCss,
          root: this.root,
          cache: this.built.cache,
        });
        this.themeErrors = this.themeErrors.filter((d) => !BUNDLE_RULES.has(d.rule));
      } catch (error) {
        if (!(error instanceof DocsgenError)) throw error;
        this.themeErrors = [
          ...this.themeErrors.filter((d) => !BUNDLE_RULES.has(d.rule)),
          ...configDiagnostics(error, undefined, 'theme-bundle'),
        ];
      }
      const after = this.built.assets;
      if (sameList(before.js, after.js) && !sameList(before.css, after.css) && reload.length === 0)
        css = { from: before.css, to: after.css };
      else if (!sameList(before.js, after.js)) reload = 'all';
    }
    if (changes.public) {
      this.built.publicFiles = await this.listPublic();
      reload = 'all';
    }
    if (changes.setups) {
      // The pages and the API examples that use a setup are checked again with it.
      this.samples.forgetSetupUsers();
      this.built.api = await this.loadApi(this.built.loaded, this.built.cache, this.built.content);
      reload = 'all';
    }
    if (changes.components) await this.bundleComponents();
    if (changes.pages) this.pagePlan = await this.planPages(this.built.loaded, this.built.cache);
    if (changes.content || changes.public || changes.setups || changes.components || changes.pages) {
      // The posts are planned first: the docs' `.md` links to them resolve.
      const plan = await this.planBlog(this.built.loaded.config, this.built.cache);
      const { versions, changedRoutes } = await refreshVersions(
        this.built.versions,
        this.built.loaded.config,
        this.rule,
        { ...this.contentInput(), blogPosts: plan },
      );
      this.built.versions = versions;
      this.built.content = versions.main.content;
      if (reload !== 'all') reload = changedRoutes;
      // The blog is compiled again (each post from the cache but the edited ones): its pages are rendered again.
      const blog = await this.compileBlog(versions, plan, this.built.loaded.config, this.built.cache, this.staticDirs);
      const blogRoutes = [...(this.built.blog?.routes ?? []), ...(blog?.routes ?? [])].map((route) => route.path);
      this.built.blog = blog;
      if (reload !== 'all') reload = [...new Set([...reload, ...blogRoutes])];
    }
    // The pages' links name docs, their images are in the folders, their components are the site's: all reloaded.
    if (changes.pages || changes.content || changes.public || changes.components) {
      const before = this.built.sitePages.routes;
      const { loaded, cache, versions } = this.built;
      // React pages are bundled again only when a file of the folder, or one they import, changed.
      const react = changes.pages || changes.components ? undefined : this.built.sitePages.react;
      this.built.sitePages = await this.loadPages(loaded, cache, versions, this.staticDirs, react);
      if (reload !== 'all') reload = [...reload, ...changedPages(before, this.built.sitePages.routes)];
    }
    if (this.assemble() || css) reload = 'all';
    this.searchFiles = undefined;
    this.outputFiles = undefined;
    if (reload === 'all') this.forgetPages();
    else for (const route of reload) this.rendered.delete(route);
    return { reload: css ? [] : reload, css };
  }

  private reloadAll(): Pick<DevUpdate, 'reload' | 'css'> {
    this.forgetPages();
    return { reload: 'all' };
  }

  /** Drops every rendered page and sidebar: each is rendered again on its next request. */
  private forgetPages(): void {
    this.rendered.clear();
  }

  private contentInput() {
    const { loaded, cache, publicFiles } = this.built;
    return {
      root: this.root,
      configFile: this.relativeConfigFile(loaded),
      cache,
      staticDirs: this.staticDirs,
      publicFiles: publicFiles.map((file) => file.path),
      samples: this.samples,
      components: this.components,
      workers: this.compileWorkers,
      otherRoutes: this.pagePlan?.linkRoutes,
    };
  }

  private relativeConfigFile(loaded: LoadedConfig): string {
    return path.relative(this.root, loaded.file) || loaded.file;
  }

  private async buildAll(loaded: LoadedConfig): Promise<Built> {
    const { config } = loaded;
    const { configFile, cache, rule, staticDirs } = setUpSite(this.root, loaded, { noCache: this.options.noCache });
    this.rule = rule;
    this.components = await loadSiteComponents(config, this.rule, configFile, cache);
    this.customCss = resolveCustomCss(config, this.rule, configFile);
    this.componentErrors = [];
    // One checker for the session: kept while the config leaves it as it is.
    const checker = await this.samples.configure(this.root, config, cache);
    const publicFiles = await this.listPublic(staticDirs, path.resolve(this.root, config.docs.path));
    this.pagePlan = await this.planPages(loaded, cache);
    this.apiModel = loadApiModel({ root: this.root, config, cache, noCache: this.options.noCache });
    this.apiModel.catch(() => undefined);
    const input = {
      root: this.root,
      configFile,
      cache,
      staticDirs,
      publicFiles: publicFiles.map((file) => file.path),
      samples: this.samples,
      components: this.components,
      workers: this.compileWorkers,
      otherRoutes: this.pagePlan.linkRoutes,
    };
    const plan = await this.planBlog(config, cache);
    const [{ versions }, assets] = await Promise.all([
      refreshVersions(undefined, config, this.rule, { ...input, blogPosts: plan }),
      buildClientAssets({
        baseUrl: config.baseUrl,
        searchProvider: config.search.provider,
        templatesDir: this.templatesDir,
        customCss: this.customCss,
        root: this.root,
        cache,
      }),
    ]);
    const content = versions.main.content;
    // Read once per start (and config change): a commit made while dev runs shows after a restart.
    const gitDates = startGitDates(config, {
      root: this.root,
      cache,
      folders: versions.all.map((v) => v.site.config.docs.path),
      files: versions.all.flatMap((v) => v.content.planned.map((d) => d.file.file)),
    });
    const api = await this.loadApi(loaded, cache, content, checker);
    const sitePages = await this.loadPages(loaded, cache, versions, staticDirs);
    const blog = await this.compileBlog(versions, plan, config, cache, staticDirs);
    const inputs: SiteInputs = {
      ...{ loaded, cache, publicFiles, content, versions, api, assets, sitePages, blog },
      gitDates: await gitDates,
    };
    this.built = { ...inputs, ...assembleSite(inputs, this.root, this.assembleExtra(config)) };
    this.forgetPages();
    this.searchFiles = undefined;
    this.outputFiles = undefined;
    return this.built;
  }

  /** The site's own files its stylesheet is bundled from (`theme.customCss`, what they import), which dev watches. */
  get styleInputs(): string[] {
    return this.built.assets.siteInputs;
  }

  /** The blog folder, when the site has a blog: dev watches it as content. */
  get blogDir(): string | undefined {
    const options = blogOptionsOf(this.built.loaded.config, this.root);
    return options && path.resolve(this.root, options.path);
  }

  private planBlog(config: LoadedConfig['config'], cache: Built['cache']): Promise<BlogPlan | undefined> {
    return planBlog({ root: this.root, config, rule: this.rule, cache });
  }

  /** The blog compiled as `build` compiles it, its `.md` links to the main version's docs resolved. */
  private async compileBlog(
    versions: DevVersions,
    plan: BlogPlan | undefined,
    config: LoadedConfig['config'],
    cache: Built['cache'],
    staticDirs: string[],
  ): Promise<BuiltBlog | undefined> {
    if (!plan) return undefined;
    const main = versions.main;
    return buildBlog({
      ...{ root: this.root, config, plan, cache, staticDirs, components: this.components },
      docs: main.content.planned,
      docsPath: main.site.config.docs.path,
    });
  }

  /** The files the site components are bundled from (absolute), which dev watches. */
  get componentInputs(): string[] {
    return this.components?.bundle.inputs ?? [];
  }

  /** Bundles the site components again after an edit; while they do not build, the last good bundle renders and the overlay says why. */
  private async bundleComponents(): Promise<void> {
    const { loaded } = this.built;
    try {
      this.components = await loadSiteComponents(
        loaded.config,
        this.rule,
        this.relativeConfigFile(loaded),
        this.built.cache,
      );
      this.componentErrors = [];
    } catch (error) {
      if (!(error instanceof DocsgenError)) throw error;
      this.componentErrors = configDiagnostics(error, undefined, 'component-bundle');
    }
  }

  /** Reads the pages folder's Markdown pages and routes them, as `build` does before the docs. */
  private planPages(loaded: LoadedConfig, cache: DiskCache): Promise<PagesPlan> {
    return planSitePages({ root: this.root, config: loaded.config, rule: this.rule, cache });
  }

  /** The pages folder's pages, as `build` loads them (Markdown pages compiled on the session's workers). */
  private loadPages(
    loaded: LoadedConfig,
    cache: DiskCache,
    versions: DevVersions,
    staticDirs: string[],
    react?: ReactPages,
  ): Promise<SitePages> {
    return loadSitePages(
      {
        ...{ root: this.root, config: loaded.config, configFile: this.relativeConfigFile(loaded), rule: this.rule },
        ...{ cache, staticDirs, exportRefs: this.samples.exportRefs, components: this.components },
        docs: { docsDir: versions.main.site.config.docs.path, planned: versions.main.content.planned },
        workers: this.compileWorkers,
      },
      this.pagePlan!,
      react,
    );
  }

  /** The API pages, their `@example`s checked by the session's checker. */
  private loadApi(
    loaded: LoadedConfig,
    cache: DiskCache,
    content: DevContent,
    checker = this.samples.checker,
  ): Promise<CheckedApiPages> {
    const { factory } = content;
    const configFile = this.relativeConfigFile(loaded);
    return loadCheckedApiPages({
      root: this.root,
      config: loaded.config,
      configFile,
      cache,
      loaded: this.apiModel!,
      markdown: factory.markdown,
      sharedKey: factory.sharedKey,
      docRoutes: factory.docRoutes,
      checker,
      exportRefs: this.samples.exportRefs,
    });
  }

  /** Lists the static folders by the file rule (as `build` does) and returns the files it allows. */
  private async listPublic(staticDirs = this.staticDirs, docsDir = this.docsDir): Promise<StaticFile[]> {
    this.publicListing = await listStaticFiles(this.rule, staticDirs, [docsDir]);
    this.publicServed = new Map(this.publicListing.files.map((file) => [file.path, file.real]));
    return this.publicListing.files;
  }

  /**
   * What the outputs stage reads besides the inputs, read again on every change (a public/ edit may replace the
   * logo): the navbar logo's size, the social images' logo, and the theme's sidebars (reloaded with the theme).
   */
  private assembleExtra(config: SiteConfig) {
    const staticDirs = staticDirsOf(config, this.root);
    // Without the packages that draw them (optional), dev shows no og:image, as build writes none.
    const drawsImages = wantsSocialImages(config);
    const social = drawsImages ? readSocialLogo(config, this.rule, staticDirs) : undefined;
    this.logoDiagnostics = social?.diagnostics ?? [];
    return {
      logoSize: readLogoSize(config, this.rule, staticDirs),
      socialLogo: social?.logo,
      drawsImages,
      sidebarHtml: (sidebars: Built['table']['sidebars'], baseUrl: string) => this.sidebarHtmlFor(sidebars, baseUrl),
    };
  }

  /**
   * The sidebars' HTML, kept while the sidebars, the base URL and the theme are the same: each sidebar is rendered
   * once (the clash check and every page read it), not again after an edit that changes no sidebar.
   */
  private sidebarHtmlFor(sidebars: Built['table']['sidebars'], baseUrl: string): SidebarHtml {
    const key = JSON.stringify([baseUrl, [...sidebars]]);
    if (this.sidebarCache?.key !== key || this.sidebarCache.theme !== this.theme)
      this.sidebarCache = { key, theme: this.theme, html: new this.theme.SidebarHtml(sidebars, baseUrl) };
    return this.sidebarCache.html;
  }

  /** Rebuilds the route table and the page index (cheap); true when the shared navigation changed. */
  private assemble(): boolean {
    const previous = this.built.navigationKey;
    Object.assign(this.built, assembleSite(this.built, this.root, this.assembleExtra(this.built.loaded.config)));
    return previous !== undefined && previous !== this.built.navigationKey;
  }

  /** Pages rendered on request (and kept until the next change), generated assets, content images, then `public/`. */
  createSource(): SiteSource {
    const memory: SiteSource = {
      get: async (sitePath) => {
        const route = this.built.pages.get(sitePath);
        if (route) return { body: this.renderPage(route) };
        const generated =
          this.built.assets.files.get(sitePath) ??
          this.components?.browser?.files.get(sitePath) ??
          this.built.sitePages.react?.browser?.files.get(sitePath) ??
          (await this.generatedFile(sitePath));
        if (generated !== undefined) return { body: generated };
        const copy = this.built.copies.get(sitePath);
        return copy ? this.copiedFile(sitePath, copy) : undefined;
      },
    };
    // public/ is served from the rule's listing only: exactly what a build would copy.
    return combineSources(
      memory,
      createListedSource(
        () => this.publicServed,
        () => this.rule,
      ),
    );
  }

  /**
   * A content image, video or audio file, checked again as `build` checks it
   * before writing it (content folder rule, bytes, the hash in its name) and
   * answered with the bytes checked (an SVG as rebuilt); or a mermaid file.
   */
  private async copiedFile(sitePath: string, from: string): Promise<SiteEntry | undefined> {
    if (!sitePath.startsWith(CONTENT_IMAGES_DIR)) return fileEntry(from);
    const folders = [
      ...new Set(this.built.versions.all.map((v) => path.resolve(this.root, v.site.config.docs.path))),
      ...(this.built.sitePages.folder ? [this.built.sitePages.folder.dir] : []),
      ...(this.blogDir ? [this.blogDir] : []),
      ...this.staticDirs,
    ];
    const asset = readContentAsset(from, sitePath, { rule: this.rule, folders });
    return 'bytes' in asset ? { body: asset.bytes } : undefined;
  }

  /**
   * The outputs stage's files (as `build` writes them: site-outputs.ts) and the search index, made on first
   * request after a change (the index reads every page).
   */
  private async generatedFile(sitePath: string): Promise<string | Uint8Array | undefined> {
    this.outputFiles ??= generatedFiles(this.built.outputs, this.built.planned, {
      cache: this.built.cache,
      sidebarHtml: this.built.sidebarHtml,
      markdown: true,
      draw: false,
    });
    const outputs = await this.outputFiles;
    const made = outputs.files.get(sitePath) ?? (await outputs.lazy.get(sitePath)?.contents());
    if (made !== undefined) return made;
    if (!sitePath.startsWith(SEARCH_DIR + '/')) return undefined;
    this.searchFiles ??= buildSearchIndex(
      this.built.table.routes.map((route) => ({ route, outPath: outputPathOf(route), html: this.renderPage(route) })),
      this.built.siteData,
    ).files;
    return this.searchFiles.get(sitePath);
  }

  private renderPage(route: Route): string {
    let html = this.rendered.get(route.path);
    if (html === undefined) {
      try {
        const { siteData, table } = this.built;
        const sidebar = route.sidebar
          ? this.built.sidebarHtml.for(route.sidebar, pageUrlOf(route, siteData.baseUrl))
          : undefined;
        html = this.theme.render(route, siteData, table.sidebars, sidebar).html;
      } catch (error) {
        html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Render error</title></head><body><h1>The theme failed to render ${escapeHtml(route.path)}</h1><pre>${escapeHtml(String((error as Error)?.stack ?? error))}</pre></body></html>`;
      }
      this.rendered.set(route.path, html);
    }
    return html;
  }
}

function configDiagnostics(error: DocsgenError, file: string | undefined, rule = 'invalid-config'): Diagnostic[] {
  if (error.diagnostics.length) return error.diagnostics.map((d) => ({ ...d, severity: 'error' }));
  return [{ severity: 'error', rule, message: error.message, file, hint: error.hint }];
}

/** The rules of the stylesheet and client bundle's errors, which the next good bundle clears. */
const BUNDLE_RULES = new Set(['theme-bundle', CUSTOM_CSS_RULE]);
/** The routes of pages added, removed or changed (title, description or body). */
function changedPages(before: readonly Route[], after: readonly Route[]): string[] {
  const shown = (route: Route) => JSON.stringify([route.title, route.description, route.content?.html]);
  const old = new Map(before.map((route) => [route.path, shown(route)]));
  const now = new Map(after.map((route) => [route.path, shown(route)]));
  return [...new Set([...old.keys(), ...now.keys()])].filter((p) => old.get(p) !== now.get(p));
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
