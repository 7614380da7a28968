import path from 'node:path';
import type { ClientAssets } from '../assets/build-client.js';
import type { DiskCache } from '../cache/disk-cache.js';
import type { LoadedConfig } from '../config/load-config.js';
import type { GitDates } from '../last-update/read-git-dates.js';
import type { CheckedApiPages } from '../api/check-api-examples.js';
import type { SocialLogoSource } from '../og/social-logo.js';
import {
  outputClashes,
  planOutputs,
  usedSidebars,
  type OutputsInput,
  type PlannedOutputs,
} from '../pipeline/site-outputs.js';
import { routeSite } from '../pipeline/site-routes.js';
import { outputPathOf } from '../render/render-route.js';
import type { SidebarHtml } from '../render/sidebar-html.js';
import type { MergedVersions } from '../routes/merge-versions.js';
import type { StaticFile } from '../files/static-dirs.js';
import type { Route } from '../types.js';
import type { SiteData } from '../../templates/shared/site-data.js';
import { addBlogToTable, type BuiltBlog } from '../blog/build-blog.js';
import { shownDocs, type DevContent } from './dev-content.js';
import type { SitePages } from '../pages/site-pages.js';
import type { DevVersions } from './dev-versions.js';

/** What the dev server loads and updates piece by piece. */
export interface SiteInputs {
  loaded: LoadedConfig;
  cache: DiskCache;
  /** The files of the static folders dev serves. */
  publicFiles: StaticFile[];
  /** The main docs version's content (the API reference's links and code samples go by it). */
  content: DevContent;
  /** Every docs version with its content (only `current` without versions.json). */
  versions: DevVersions;
  api: CheckedApiPages;
  assets: ClientAssets;
  /** The docs' last commits, read from git once when dev starts. */
  gitDates?: GitDates;
  /** The pages of the pages folder (src/pages). */
  sitePages: SitePages;
  /** The blog, compiled (cli/blog/), when the site has one. */
  blog?: BuiltBlog;
}

/** What is derived from the inputs after every change (all cheap). */
export interface AssembledSite {
  table: MergedVersions;
  siteData: SiteData;
  /** Output path → route, for the pages. */
  pages: Map<string, Route>;
  /** Output path → absolute source, for content images and mermaid. */
  copies: Map<string, string>;
  /** What the outputs stage was given and decided: `generatedFiles` makes the other files from them on request. */
  outputs: OutputsInput;
  planned: PlannedOutputs;
  /** The sidebars, each rendered once and marked per page (and their lazily loaded fragments). */
  sidebarHtml: SidebarHtml;
  /** Everything the pages share (sidebars, titles, previous/next): when it changes, every page changes. */
  navigationKey: string;
}

/** Makes the sidebars' HTML (the theme's SidebarHtml, reloaded with the theme in dev). */
export type SidebarHtmlMaker = (sidebars: MergedVersions['sidebars'], baseUrl: string) => SidebarHtml;

/**
 * The routes and outputs stages (cli/pipeline/site-routes.ts and site-outputs.ts, as `build` runs them) on the
 * current inputs: the route table, the theme's site data, the social images and the index of served files.
 */
export function assembleSite(
  inputs: SiteInputs,
  root: string,
  extra: {
    logoSize?: { width: number; height: number };
    socialLogo?: SocialLogoSource;
    drawsImages: boolean;
    sidebarHtml: SidebarHtmlMaker;
  },
): AssembledSite {
  const { config } = inputs.loaded;
  const versions = inputs.versions.all.map(({ site, content }) => ({
    ...site,
    docs: shownDocs(content),
    categories: content.categories,
    main: site === inputs.versions.main.site,
  }));
  const docs = versions.flatMap((v) => v.docs);
  const configFile = path.relative(root, inputs.loaded.file) || inputs.loaded.file;
  const table = routeSite({
    config,
    versions,
    api: inputs.api,
    gitDates: inputs.gitDates,
    pages: inputs.sitePages.routes,
  });
  if (inputs.blog) addBlogToTable(table, inputs.blog, config);
  const outputs: OutputsInput = {
    config,
    root,
    configFile,
    table,
    docs: [...docs, ...inputs.sitePages.markdown, ...(inputs.blog?.docs ?? [])],
    codeSampleHtml: inputs.content.codeSampleHtml,
    assets: inputs.assets,
    staticFiles: inputs.publicFiles,
    logoSize: extra.logoSize,
    socialLogo: extra.socialLogo,
    drawsImages: extra.drawsImages,
  };
  const planned = planOutputs(outputs);
  table.diagnostics.push(...planned.diagnostics);
  const sidebarHtml = extra.sidebarHtml(table.sidebars, config.baseUrl);
  // The same clash check as `build` (dev serves a page before a public file of its path, but reports it).
  table.diagnostics.push(...outputClashes(outputs, planned, sidebarHtml.files(usedSidebars(table.routes)).keys()));
  const pages = new Map(table.routes.map((route) => [outputPathOf(route), route]));
  const copies = new Map([...planned.copies].map(([from, to]) => [to, from]));
  return {
    table,
    siteData: planned.siteData,
    pages,
    copies,
    outputs,
    planned,
    sidebarHtml,
    navigationKey: navigationKeyOf(table),
  };
}

function navigationKeyOf(table: MergedVersions): string {
  // A generated category index shows other pages' titles and descriptions on its cards.
  const routes = table.routes.map((r) => [
    r.path,
    r.kind,
    r.title,
    r.sidebar,
    r.previous,
    r.next,
    r.breadcrumbs,
    r.redirectTo,
    r.unlisted,
    r.categoryIndex?.cards,
  ]);
  return JSON.stringify([routes, [...table.sidebars]]);
}
