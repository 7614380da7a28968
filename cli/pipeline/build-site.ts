import path from 'node:path';
import { buildClientAssets, type ClientAssets } from '../assets/build-client.js';
import { resolveCustomCss, type SiteStyles } from '../assets/site-styles.js';
import type { DiskCache } from '../cache/disk-cache.js';
import { extractHtmlRefs } from '../render/extract-html-refs.js';
import { checkLinks } from '../check/check-links.js';
import { configLinkPlaces } from '../check/config-link-places.js';
import { CheckState } from '../check/check-state.js';
import { codeVersion } from '../package-root.js';
import { loadConfig, type LoadedConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import { applyRuleSettings } from '../diagnostics.js';
import type { SiteComponents } from '../components/fill-components.js';
import { hasComponents, loadSiteComponents } from '../components/load-components.js';
import { lastUpdateNotice, startGitDates, wantsLastUpdates } from '../last-update/last-updates.js';
import { loadContent } from '../load/load-content.js';
import { findUnusedPartials } from '../load/unused-partials.js';
import { compileDocs, createMarkdownContextFactory } from '../markdown/compile-docs.js';
import { CODE_NAMESPACE, codeCacheKeys, highlighterOptionsOf } from '../markdown/code-block-cache.js';
import { canPreHighlight, planPreHighlight, preHighlight, type PreHighlighted } from '../markdown/pre-highlight.js';
import { renderSite, type OutputPage, type PageLinks, type PageOutput } from '../render/render-site.js';
import { readLogoSize } from '../render/logo-size.js';
import { SIDEBAR_FILES_DIR, SidebarHtml } from '../render/sidebar-html.js';
import { planDocs } from '../routes/plan-docs.js';
import { cachedSearchIndex } from '../search/cached-search-index.js';
import type {
  ContentFile,
  Diagnostic,
  LazyFile,
  Notice,
  PageContent,
  RenderedPage,
  Reporter,
  Route,
  Timings,
} from '../types.js';
import {
  recheckContentCopies,
  type CheckedCopy,
  type ContentFolders,
  type FileRule,
  type ListedFile,
} from '../files/content-files.js';
import { listStaticFiles, staticDirsOf, type StaticFile } from '../files/static-dirs.js';
import type { SampleChecker } from '../samples/sample-checker.js';
import { resolveSiteRoot } from '../files/site-root.js';
import { maxWorkers } from '../workers/worker-pool.js';
import { ImageWorkers } from '../og/image-workers.js';
import { drawEarly, hasNoCachedImages, planApiImages } from '../og/social-images.js';
import { readSocialLogo } from '../og/social-logo.js';
import { wantsSocialImages } from '../og/social-images-wanted.js';
import { loadCheckedApiPages } from '../api/check-api-examples.js';
import { addCounts, checkGuideSamples, checksSamples, type SampleCount } from '../samples/code-samples.js';
import { createSiteSampleChecker } from '../api/site-sample-checker.js';
import { apiPagesOfModel, loadApiModel } from '../api/load-api-pages.js';
import { CURRENT, readSiteVersions } from '../versions/site-versions.js';
import { addBlogToTable, buildBlog, planBlog, postLinkTargets } from '../blog/build-blog.js';
import { routeSite } from './site-routes.js';
import { setUpSite } from './site-setup.js';
import { generatedFiles, outputClashes, planOutputs, usedSidebars, type OutputsInput } from './site-outputs.js';
import { createStageTimer } from './stage-timer.js';
import { loadSitePages, planSitePages } from '../pages/site-pages.js';

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
  /** Make the Markdown copies and llms files (default true; `check` does not write them). */
  markdownOutputs?: boolean;
  /** Draw the social images the cache lacks while the pages render (`build`); otherwise each is drawn only if its lazy file is read. */
  drawSocialImages?: boolean;
  /**
   * Called with each compiled doc as it arrives: `build` moves its body out of memory there (body-spill.ts),
   * and keeps it readable until the site is written.
   */
  keepBody?: (content: PageContent) => PageContent;
}

export type { OutputPage, PageLinks, PageOutput };

/** A whole site in memory: what `build` writes and `check` inspects. */
export interface Site {
  root: string;
  config: SiteConfig;
  configFile: string;
  routes: Route[];
  /** The rendered pages, when no `openOutput` was given (otherwise empty: they went to the output). */
  pages: RenderedPage[];
  /** Each page's ids and link targets, as the link checker read them (and each sidebar's, once). */
  links: PageLinks[];
  /** Generated files other than pages (client bundle, sitemap), by output path. */
  files: Map<string, string | Uint8Array>;
  /** Generated files made only if the output needs them (the search index), by output path. */
  lazyFiles: Map<string, LazyFile>;
  /** Files copied into the output as they are (mermaid's bundle, from docsgen's own package): source path → output path. */
  copies: Map<string, string>;
  /** The images, video and audio content names, checked (by real path and bytes) for this build: `build` writes exactly these bytes. */
  contentCopies: CheckedCopy[];
  /** The folders content may name files in (every version's docs folder and the static folders), by the file rule. */
  contentFolders: ContentFolders;
  /** The first static folder (`public/` by default), absolute. */
  publicDir: string;
  /** Every static folder (`staticDirectories`), absolute, in order. */
  staticDirs: string[];
  /** The files of the static folders the file rule allows, each with the real path it is copied from. */
  publicFiles: StaticFile[];
  /** The file rule content was read by (the site root, this build's out dir). */
  rule: FileRule;
  /** Docs with `draft: true`: loaded but not routes (`check` explains links to them). */
  drafts: ContentFile[];
  diagnostics: Diagnostic[];
  timings: Timings;
  /** Worker threads the stages ran on (0: on the main thread, or nothing to do). */
  workers: StageWorkers;
  /** The code samples type-checked and opted out, and whether TypeScript was started; unset when samples are not checked. */
  samples?: SampleCount;
  /** Why the pages have no last-updated date from git (a shallow clone, no git): `check` says it once. */
  lastUpdateNotice?: Notice;
}

/** How many worker threads compiled pages, read the library with TypeDoc, and rendered pages. */
export interface StageWorkers {
  markdown: number;
  api: number;
  render: number;
}

/**
 * The one place that knows the order of the stages:
 * config → content → code samples → markdown (+ API) → routes → render → check.
 * Returns the site in memory; writing it is the caller's last step.
 */
export async function buildSite(options: BuildSiteOptions = {}): Promise<Site> {
  const root = resolveSiteRoot(options.root);
  // A bad DOCSGEN_WORKERS is an error before any work, whether or not the site is large enough for a pool.
  maxWorkers();
  const timer = createStageTimer(options.reporter);
  const loaded: LoadedConfig = await timer.stage('config', () => loadConfig({ root, configFile: options.config }));
  const { config } = loaded;
  const { configFile, cache, rule } = setUpSite(root, loaded, options);
  // Trusted code the config names: a module outside the site's own code is a config error before any work.
  const components = hasComponents(config)
    ? await timer.stage('components', () => loadSiteComponents(config, rule, configFile, cache))
    : undefined;
  const customCss = resolveCustomCss(config, rule, configFile);
  // Closed whatever happens: it runs TypeScript on a worker thread.
  const checker = checksSamples(config) ? createSiteSampleChecker(root, config, cache) : undefined;
  // On a cold build TypeScript reads the library while the content loads.
  checker?.prestart();
  try {
    return await buildStages({ options, root, timer, loaded, configFile, cache, rule, checker, components, customCss });
  } finally {
    await checker?.close();
  }
}

/** The stages after the config: the order of everything else. */
async function buildStages(context: {
  options: BuildSiteOptions;
  root: string;
  timer: ReturnType<typeof createStageTimer>;
  loaded: LoadedConfig;
  configFile: string;
  cache: DiskCache;
  rule: FileRule;
  checker?: SampleChecker;
  components?: SiteComponents;
  /** `theme.customCss`, checked. */
  customCss: SiteStyles;
}): Promise<Site> {
  const { options, root, timer, loaded, configFile, cache, rule, checker, components, customCss } = context;
  const { config } = loaded;
  const staticDirs = staticDirsOf(config, root);
  const diagnostics: Diagnostic[] = [];
  // The social images' logo, and on a first build their workers, started now: they load while the CPU waits for TypeScript.
  const drawsImages = wantsSocialImages(config, options.reporter);
  const logo = drawsImages ? readSocialLogo(config, rule, staticDirs) : undefined;
  if (logo) diagnostics.push(...logo.diagnostics);
  const imageWorkers =
    options.drawSocialImages && logo && hasNoCachedImages(cache, options.noCache)
      ? ImageWorkers.start(logo.logo)
      : undefined;

  // TypeDoc reads the library on a worker thread of its own while the guides' samples are checked and compiled.
  const apiModel = loadApiModel({ root, config, cache, noCache: options.noCache });
  apiModel.catch(() => undefined);
  // The API pages' social images are known from the model: drawn while the guides' samples are checked and compiled.
  if (imageWorkers)
    void apiModel
      .then(({ model }) => (model ? apiPagesOfModel(config, model) : undefined))
      .then(
        (api) => api && drawEarly(imageWorkers, cache, planApiImages(api.pages, api.sidebar, config, logo?.logo)),
        () => undefined,
      );
  // Each version of the docs (only `current` without versions.json) is loaded, compiled and routed on its own.
  const siteVersions = readSiteVersions(config, rule, configFile);
  const [contents, assets] = await Promise.all([
    timer.stage('content', () =>
      Promise.all(
        siteVersions.map((v) =>
          loadContent({
            root,
            docsDir: v.config.docs.path,
            rule,
            cache,
            format: config.markdown.format,
            contentFolders: siteVersions.map((s) => s.config.docs.path),
          }),
        ),
      ),
    ),
    timer.stage('client bundle', () =>
      buildClientAssets({
        baseUrl: config.baseUrl,
        searchProvider: config.search.provider,
        customCss,
        root,
        cache,
      }),
    ),
  ]);
  const versions = siteVersions.map((v, i) => ({
    ...v,
    content: contents[i],
    planned: planDocs(contents[i].files, v.config),
  }));
  for (const v of versions) diagnostics.push(...v.content.diagnostics, ...v.planned.diagnostics);
  // One git log for every version's docs, while the pages compile (its stage line shows it ran beside them).
  const readDates = () =>
    startGitDates(config, {
      root,
      cache,
      folders: versions.map((v) => v.config.docs.path),
      files: versions.flatMap((v) => v.planned.docs.map((d) => d.file.file)),
    });
  const gitDates = wantsLastUpdates(config) ? timer.stage('last updated', readDates) : readDates();
  // The API reference and the checked code samples belong to the current version (the last one without it).
  const main = versions.find((v) => v.version.name === CURRENT) ?? versions.find((v) => v.version.isLast)!;

  // The blog's posts are planned before any page compiles: docs may link to them.
  const blogPlan = await planBlog({ root, config, rule, cache });
  const listing = await listStaticFiles(rule, staticDirs, [path.resolve(root, config.docs.path)]);
  diagnostics.push(...listing.diagnostics);
  // While the samples are checked, the guides' code is highlighted on a thread of its own (pre-highlight.ts): only
  // pages whose blocks are not in the cache from an earlier build.
  const preHighlighted = checker
    ? startPreHighlight(
        main.planned.docs.map((d) => d.file),
        config,
        cache,
        timer,
      )
    : undefined;
  // Before the Markdown: the highlighter links the names of each checked block into the API reference.
  const guideSamples = checker
    ? await timer.stage('code samples', () =>
        checkGuideSamples(
          checker,
          main.planned.docs.map((d) => d.file),
          config,
          configFile,
        ),
      )
    : undefined;
  const exportRefs = guideSamples?.exportRefs;
  // The pages folder's Markdown pages, routed: the main version's `.md` links may name them.
  const pagePlan = await planSitePages({ root, config, rule, cache });
  const contexts = new Map(
    versions.map((v) => [
      v,
      createMarkdownContextFactory({
        ...{ config: v.config, root, staticDirs, exportRefs },
        docs: v === main ? [...v.planned.docs, ...postLinkTargets(blogPlan, root, v.config.docs.path)] : v.planned.docs,
        otherRoutes: v === main ? pagePlan.linkRoutes : undefined,
      }),
    ]),
  );
  const { markdown, sharedKey, docRoutes } = contexts.get(main)!;
  const samples = guideSamples && { docs: guideSamples.docs, home: guideSamples.home };
  const [compiledVersions, api] = await Promise.all([
    timer.stage('markdown', () =>
      sequentially(versions, (v) => {
        const context = contexts.get(v)!;
        return compileDocs(v.planned.docs, {
          root,
          config: v.config,
          cache,
          markdown: context.markdown,
          workerInit: context.workerInit,
          sharedKey: context.sharedKey,
          docRoutes: context.docRoutes,
          samples: v === main ? samples : undefined,
          ...(v === main && preHighlighted ? { preHighlighted } : {}),
          components,
          reporter: options.reporter,
          keep: options.keepBody,
        });
      }),
    ),
    timer.stage('api', () =>
      loadCheckedApiPages({
        root,
        config,
        configFile,
        cache,
        loaded: apiModel,
        markdown,
        sharedKey,
        docRoutes,
        checker,
        exportRefs,
      }),
    ),
  ]);
  const compiled = {
    docs: compiledVersions.flatMap((c) => c.docs),
    codeSampleHtml: compiledVersions[versions.indexOf(main)].codeSampleHtml,
    workers: Math.max(...compiledVersions.map((c) => c.workers)),
  };
  diagnostics.push(...compiledVersions.flatMap((c) => c.diagnostics), ...api.diagnostics);
  diagnostics.push(
    ...findUnusedPartials(
      versions.flatMap((v) => v.content.partials),
      compiled.docs.map((d) => d.content),
    ),
  );
  if (guideSamples) diagnostics.push(...guideSamples.diagnostics);
  if (api.samples) diagnostics.push(...api.samples.diagnostics);
  const sampleCount =
    guideSamples && (api.samples ? addCounts(guideSamples.count, api.samples.count) : guideSamples.count);
  // The pages folder (src/pages): Markdown pages compiled as content, React pages rendered as the site's own code.
  const pageInput = {
    ...{ root, config, configFile, rule, cache, staticDirs, exportRefs, components },
    reporter: options.reporter,
  };
  const docsOfPages = { docsDir: main.config.docs.path, planned: main.planned.docs };
  const sitePages = pagePlan.folder
    ? await timer.stage('pages', () => loadSitePages({ ...pageInput, docs: docsOfPages }, pagePlan))
    : await loadSitePages({ ...pageInput, docs: docsOfPages }, pagePlan);
  diagnostics.push(...sitePages.diagnostics);
  // Pages that stream out are not compiled again in this build: their sources need not stay in memory.
  if (options.openOutput) for (const v of versions) for (const doc of v.planned.docs) doc.file.body = '';
  if (options.openOutput) for (const page of sitePages.markdown) page.doc.file.body = '';

  // The blog's posts compile after the docs, with the same pipeline (cli/blog/).
  const blog =
    blogPlan &&
    (await timer.stage('blog', () =>
      buildBlog({
        ...{ root, config, plan: blogPlan, cache, staticDirs, components, reporter: options.reporter },
        ...{ docs: main.planned.docs, docsPath: main.config.docs.path },
      }),
    ));
  if (blog) diagnostics.push(...blog.diagnostics);
  const dates = await gitDates;
  const table = timer.stage('routes', () =>
    routeSite({
      config,
      versions: versions.map((v, i) => ({
        version: v.version,
        config: v.config,
        sidebarsFile: v.sidebarsFile,
        docs: compiledVersions[i].docs,
        categories: v.content.categories,
        main: v === main,
      })),
      api,
      gitDates: dates,
      pages: sitePages.routes,
    }),
  );
  diagnostics.push(...table.diagnostics);
  if (blog) addBlogToTable(table, blog, config);
  const contentFolders: ContentFolders = {
    rule,
    folders: [
      ...new Set(versions.map((v) => path.resolve(root, v.config.docs.path))),
      ...(sitePages.folder ? [sitePages.folder.dir] : []),
      // The blog's posts keep their images beside them, as docs do.
      ...(blogPlan ? [path.resolve(root, blogPlan.options.path)] : []),
      ...staticDirs,
    ],
  };
  // The outputs stage (site-outputs.ts, shared with dev): copies, social images (og:image), the site data.
  const outputsInput: OutputsInput = {
    config,
    root,
    configFile,
    table,
    docs: [...compiled.docs, ...sitePages.markdown, ...(blog?.docs ?? [])],
    codeSampleHtml: compiled.codeSampleHtml,
    assets,
    staticFiles: listing.files,
    logoSize: readLogoSize(config, rule, staticDirs),
    socialLogo: logo?.logo,
    drawsImages,
  };
  const planned = planOutputs(outputsInput);
  diagnostics.push(...planned.diagnostics);
  const site = planned.siteData;
  // Checked again, as this build publishes them, whether their pages were compiled now or came from the cache.
  const published = recheckContentCopies(planned.copies, contentFolders);
  diagnostics.push(...published.diagnostics);
  const sidebarHtml = new SidebarHtml(table.sidebars, config.baseUrl);
  // Known before anything is written: pages stream out as they render, and two sources must never share a file.
  const clashes = outputClashes(outputsInput, planned, sidebarHtml.files(usedSidebars(table.routes)).keys());
  diagnostics.push(...clashes);
  const pages: RenderedPage[] = [];
  // With a clash the build fails: its pages are rendered for the link checker only, and the output is never opened.
  const discard = !!options.openOutput && clashes.length > 0;
  const output = discard
    ? discardPages()
    : options.openOutput
      ? await options.openOutput(config, listing.files)
      : keepInMemory(pages);
  const wantSearch = options.searchIndex !== false && !discard;
  // The images the cache lacks are drawn on workers while the pages render.
  const generated = await generatedFiles(outputsInput, planned, {
    cache,
    sidebarHtml,
    markdown: options.markdownOutputs !== false && !discard,
    draw: !!options.drawSocialImages && !discard,
    imageWorkers,
  });
  const rendered = await timer.stage('render', () =>
    renderSite({
      routes: table.routes,
      site,
      sidebars: table.sidebars,
      sidebarHtml,
      output,
      cache,
      pool: !!options.openOutput,
      sections: site.search.provider === 'local',
      reporter: options.reporter,
    }),
  );
  // The pages are rendered: a core is free for images still to draw.
  generated.imageWorkers?.addLane();
  const links = [...rendered.links, ...sidebarLinks(table.routes, sidebarHtml)];

  const files = new Map<string, string | Uint8Array>([
    ...assets.files,
    // The `client: true` components' browser code (cli/components/browser-bundle.ts).
    ...(components?.browser?.files ?? []),
    // The hydrated React pages' (`pages.client`: cli/pages/page-islands.ts).
    ...(sitePages.react?.browser?.files ?? []),
    ...generated.files,
  ]);
  const lazyFiles = new Map<string, LazyFile>();
  if (wantSearch) {
    // Cached by every page's render key (a page's sections come from its rendered HTML), and page by page.
    const searchFiles = timer.stage('search index', () =>
      cachedSearchIndex({ routes: table.routes, keys: rendered.keys, sections: rendered.sections, site, cache }),
    );
    for (const [file, lazy] of searchFiles) lazyFiles.set(file, lazy);
  }
  for (const [file, lazy] of generated.lazy) lazyFiles.set(file, lazy);
  // Sidebar categories fetched when opened: their links checked like any page's.
  for (const file of generated.files.keys())
    if (file.startsWith(SIDEBAR_FILES_DIR))
      links.push({
        route: { path: '/' + file, kind: 'doc', title: file },
        refs: extractHtmlRefs(generated.files.get(file)!),
      });
  const outputFiles = new Set<string>([
    ...listing.files.map((file) => file.path),
    ...files.keys(),
    ...lazyFiles.keys(),
    ...planned.copies.values(),
  ]);
  const linkProblems = timer.stage('check links', () => {
    // Pages whose refs and targets are as they were keep their previous result.
    // Broken links of the navbar, footer and sidebars are placed where the config spells them (a moved line checks afresh).
    const configLinks = configLinkPlaces(config, configFile, siteVersions);
    const state = CheckState.load(cache, [
      codeVersion(),
      config.baseUrl,
      config.onBrokenLinks,
      config.onBrokenAnchors,
      [...configLinks],
    ]);
    const found = checkLinks({ config, pages: links, files: outputFiles, state, configLinks });
    state.save(cache);
    return found;
  });
  // One by one: a page can have a hundred thousand broken links, too many to spread into arguments.
  for (const problem of linkProblems) diagnostics.push(problem);
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
    lazyFiles,
    copies: published.others,
    contentCopies: published.checked,
    contentFolders,
    publicDir: staticDirs[0],
    staticDirs,
    publicFiles: listing.files,
    rule,
    drafts: versions.flatMap((v) => v.content.files.filter((f) => f.frontMatter.draft)),
    diagnostics: checked,
    timings: timer.timings,
    workers: { markdown: compiled.workers, api: api.workers, render: rendered.workers },
    ...(sampleCount ? { samples: sampleCount } : {}),
    ...(dates?.unavailable ? { lastUpdateNotice: lastUpdateNotice(dates) } : {}),
  };
}

/**
 * Highlights ahead the code of the docs whose blocks the cache does not hold, when there are any (a cold build):
 * its stage line shows it running beside the code samples. A failure only costs the time it saves.
 */
function startPreHighlight(
  files: ContentFile[],
  config: SiteConfig,
  cache: DiskCache,
  timer: ReturnType<typeof createStageTimer>,
): Promise<PreHighlighted | undefined> | undefined {
  if (!canPreHighlight()) return undefined;
  const keys = codeCacheKeys(highlighterOptionsOf(config.highlight));
  const pages = planPreHighlight(files, config, (file) => cache.has(CODE_NAMESPACE, keys.page(file.file)));
  if (pages.length === 0) return undefined;
  return timer.stage('highlight', () => preHighlight(pages, config)).catch(() => undefined);
}

/** Runs one job after the other (each version's pages use the whole worker pool). */
async function sequentially<T, R>(items: T[], job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await job(item));
  return results;
}

function discardPages(): PageOutput {
  return { write: async () => undefined };
}

function keepInMemory(pages: RenderedPage[]): PageOutput {
  return {
    write: async (page) => {
      pages.push({ route: page.route, outPath: page.outPath, html: page.html() });
    },
  };
}

/** Each shown sidebar's links, checked once and blamed, if broken, on the first page that shows it. */
function sidebarLinks(routes: Route[], sidebarHtml: SidebarHtml): PageLinks[] {
  const firstPage = new Map<string, Route>();
  for (const route of routes) if (route.sidebar && !firstPage.has(route.sidebar)) firstPage.set(route.sidebar, route);
  return [...firstPage].flatMap(([name, route]) => {
    const html = sidebarHtml.unmarked(name);
    return html === undefined
      ? []
      : [
          {
            route: { path: route.path, kind: route.kind, title: route.title },
            refs: extractHtmlRefs(html),
            shared: true,
          },
        ];
  });
}

export type { ClientAssets };
