import type { ClientAssets } from '../assets/client-assets.js';
import { mermaidFiles } from '../assets/mermaid-files.js';
import type { DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import type { StaticFile } from '../files/static-dirs.js';
import { planSocialImages, socialImageFiles, type PlannedImage } from '../og/social-images.js';
import type { SocialLogoSource } from '../og/social-logo.js';
import type { ImageWorkers } from '../og/image-workers.js';
import { blogFeedFiles, blogFeedNames } from '../blog/blog-feeds.js';
import { createSiteData } from '../render/create-site-data.js';
import type { SidebarHtml } from '../render/sidebar-html.js';
import { markdownOutputNames } from '../routes/markdown-copies.js';
import { findOutputClashes, generatedClaims } from '../write/output-clashes.js';
import type { Diagnostic, LazyFile, PageContent, PlannedDoc, Route } from '../types.js';
import type { MergedVersions } from '../routes/merge-versions.js';
import { createRobotsTxt, ROBOTS_FILE, writesRobotsTxt } from '../write/robots-txt.js';
import { createSitemap } from '../write/sitemap.js';
import type { SiteData } from '../../templates/shared/site-data.js';

/**
 * The outputs stage, shared by `build` and `dev`: what a site publishes besides its pages, derived from the route
 * table. `build` runs it once and writes every file; `dev` runs it after every change and makes a file when a
 * browser asks for it. Adding an output (a feed, a manifest) is done here, and both commands have it.
 */
export interface OutputsInput {
  config: SiteConfig;
  root: string;
  /** The config file, relative to the root (where output clashes with config-made files are placed). */
  configFile: string;
  table: MergedVersions;
  /** Every doc shown, with its compiled content (the assets it names, whether it draws a diagram, its slug line). */
  docs: readonly { doc: PlannedDoc; content: PageContent }[];
  /** The home page's checked code sample, as the main version compiled it. */
  codeSampleHtml?: string;
  assets: ClientAssets;
  /** The files of the static folders the file rule allows. */
  staticFiles: StaticFile[];
  logoSize?: { width: number; height: number };
  /** The navbar logo as the social images draw it (unset: images without a logo). */
  socialLogo?: SocialLogoSource;
  /** Whether the site gets social images (`socialImages`, and the packages that draw them installed). */
  drawsImages: boolean;
}

/** What the outputs stage decided: the theme's site data, the files copied as they are, and the images planned. */
export interface PlannedOutputs {
  siteData: SiteData;
  /** Files published as they are: source path → output path (content images and media, mermaid's bundle). */
  copies: Map<string, string>;
  /** One social image per page that has one; each route's `socialImage` is set (the pages' og:image). */
  socialImages: PlannedImage[];
  /** Why an output cannot be made (a page draws a diagram, and mermaid is not installed). */
  diagnostics: Diagnostic[];
}

/**
 * Plans the outputs once the routes are final: content assets and mermaid's files to copy, each page's social
 * image (setting the routes' og:image), and the site data every page is rendered with.
 */
export function planOutputs(input: OutputsInput): PlannedOutputs {
  const { config, table } = input;
  const copies = new Map<string, string>();
  for (const { content } of input.docs) for (const [from, to] of Object.entries(content.assets)) copies.set(from, to);
  const diagnostics: Diagnostic[] = [];
  let mermaidUrl: string | undefined;
  const diagram = input.docs.find((d) => d.content.hasMermaid);
  const mermaid = diagram && mermaidFiles(input.root, diagram);
  if (mermaid && 'copies' in mermaid) {
    for (const [from, to] of mermaid.copies) copies.set(from, to);
    mermaidUrl = config.baseUrl + mermaid.entry;
  }
  if (mermaid && 'error' in mermaid) diagnostics.push(mermaid.error);
  // Once titles are final: each page gets its social image (og:image).
  const socialImages = input.drawsImages ? planSocialImages(table.routes, config, input.socialLogo) : [];
  const siteData = createSiteData(config, {
    assets: { css: input.assets.css, js: input.assets.js, preload: input.assets.preload },
    codeSampleHtml: input.codeSampleHtml,
    mermaidUrl,
    mainDocPath: table.mainDocPath,
    docsVersions: table.versions,
    logoSize: input.logoSize,
  });
  return { siteData, copies, socialImages, diagnostics };
}

/**
 * Two sources that would write one file, found before anything is written: pages, the static folders' files and
 * every generated file (the client bundle, the sitemap, robots.txt, sidebar fragments, copies, Markdown copies,
 * social images).
 */
export function outputClashes(
  input: OutputsInput,
  planned: PlannedOutputs,
  sidebarFiles: Iterable<string>,
): Diagnostic[] {
  const { config, table } = input;
  return findOutputClashes({
    routes: table.routes,
    routeLines: new Map(
      input.docs.flatMap(({ doc }) => (doc.file.routeKeyLine ? [[doc.file.file, doc.file.routeKeyLine] as const] : [])),
    ),
    staticFiles: input.staticFiles,
    generated: generatedClaims({
      sitemap: config.sitemap.filename,
      robotsTxt: writesRobotsTxt(config, input.staticFiles),
      assets: input.assets.files.keys(),
      sidebarFiles,
      copies: planned.copies,
      root: input.root,
      markdown: markdownOutputNames(table.routes, config),
      socialImages: planned.socialImages.map((image) => image.file),
      feeds: blogFeedNames(table.routes, config),
    }),
    configFile: input.configFile,
  });
}

/** The sidebars some page shows: only their fragments are published. */
export function usedSidebars(routes: Route[]): Set<string> {
  return new Set(routes.flatMap((route) => (route.sidebar ? [route.sidebar] : [])));
}

/**
 * Every generated file but the pages, the client bundle and the search index. Made now (`files`): the sitemap,
 * robots.txt and the sidebars' lazily loaded fragments. Made when their contents are asked for (`lazy`, each with
 * the key the output writer compares): the Markdown copies and llms files, and the social images. `build` writes
 * them all (drawing the images the cache lacks on workers, with `draw`); `dev` answers one when a browser asks.
 */
export async function generatedFiles(
  input: OutputsInput,
  planned: PlannedOutputs,
  options: {
    cache: DiskCache;
    sidebarHtml: SidebarHtml;
    /** Make the Markdown copies and llms files (`check` does not). */
    markdown: boolean;
    /** Draw the images the cache lacks now, on worker threads (`build`); otherwise each is drawn when read. */
    draw: boolean;
    imageWorkers?: ImageWorkers;
  },
): Promise<{ files: Map<string, string>; lazy: Map<string, LazyFile>; imageWorkers?: ImageWorkers }> {
  const { config, table } = input;
  const files = new Map<string, string>();
  const lazy = new Map<string, LazyFile>();
  files.set(config.sitemap.filename, await createSitemap(table.routes, config));
  if (writesRobotsTxt(config, input.staticFiles)) files.set(ROBOTS_FILE, createRobotsTxt(config));
  for (const [file, xml] of blogFeedFiles(table.routes, config)) files.set(file, xml);
  for (const [file, html] of options.sidebarHtml.files(usedSidebars(table.routes))) files.set(file, html);
  if (options.markdown && (config.markdownPages || config.llmsTxt)) {
    // The module loads unified's serialiser: only when the site has Markdown copies.
    const { markdownOutputs } = await import('../llms/markdown-outputs.js');
    const outputs = markdownOutputs({ routes: table.routes, sidebars: table.sidebars, site: planned.siteData, config });
    for (const [file, made] of outputs) lazy.set(file, made);
  }
  const images = socialImageFiles(planned.socialImages, {
    cache: options.cache,
    logo: input.socialLogo,
    draw: options.draw,
    workers: options.imageWorkers,
  });
  for (const [file, made] of images.files) lazy.set(file, made);
  return { files, lazy, imageWorkers: images.workers };
}
