import path from 'node:path';
import type { ClientAssets } from '../assets/build-client.js';
import { mermaidFiles } from '../assets/mermaid-files.js';
import type { DiskCache } from '../cache/disk-cache.js';
import type { LoadedConfig } from '../config/load-config.js';
import { addLastUpdates } from '../last-update/last-updates.js';
import type { GitDates } from '../last-update/read-git-dates.js';
import type { CheckedApiPages } from '../api/check-api-examples.js';
import { createSiteData } from '../render/create-site-data.js';
import { outputPathOf } from '../render/render-route.js';
import type { RouteTable } from '../routes/build-routes.js';
import { findOutputClashes, generatedClaims } from '../write/output-clashes.js';
import { writesRobotsTxt } from '../write/robots-txt.js';
import { markdownOutputNames } from '../routes/markdown-copies.js';
import type { StaticFile } from '../files/static-dirs.js';
import type { Route } from '../types.js';
import type { SiteData } from '../../templates/shared/site-data.js';
import { shownDocs, type DevContent } from './dev-content.js';
import { versionRoutes, type DevVersions } from './dev-versions.js';

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
}

/** What is derived from the inputs after every change (all cheap). */
export interface AssembledSite {
  table: RouteTable;
  siteData: SiteData;
  /** Output path → route, for the pages. */
  pages: Map<string, Route>;
  /** Output path → absolute source, for content images and mermaid. */
  copies: Map<string, string>;
  /** Everything the pages share (sidebars, titles, previous/next): when it changes, every page changes. */
  navigationKey: string;
}

/** The route table, the theme's site data and the index of served files, from the current inputs. */
export function assembleSite(
  inputs: SiteInputs,
  root: string,
  logoSize?: { width: number; height: number },
): AssembledSite {
  const { config } = inputs.loaded;
  const docs = inputs.versions.all.flatMap((v) => shownDocs(v.content));
  const configFile = path.relative(root, inputs.loaded.file) || inputs.loaded.file;
  const table = versionRoutes(inputs.versions, inputs.api, config.baseUrl);
  addLastUpdates(table.routes, inputs.gitDates, config);
  const copies = new Map<string, string>();
  for (const { content } of docs) for (const [from, to] of Object.entries(content.assets)) copies.set(to, from);
  let mermaidUrl: string | undefined;
  if (docs.some((d) => d.content.hasMermaid)) {
    const mermaid = mermaidFiles();
    for (const [from, to] of mermaid.copies) copies.set(to, from);
    mermaidUrl = config.baseUrl + mermaid.entry;
  }
  const { css, js, preload } = inputs.assets;
  const siteData = createSiteData(config, {
    assets: { css, js, preload },
    codeSampleHtml: inputs.content.codeSampleHtml,
    mermaidUrl,
    mainDocPath: table.mainDocPath,
    docsVersions: table.versions,
    logoSize,
  });
  // The same clash check as `build` (dev serves a page before a public file of its path, but reports it).
  table.diagnostics.push(
    ...findOutputClashes({
      routes: table.routes,
      routeLines: new Map(
        docs.flatMap(({ doc }) => (doc.file.routeKeyLine ? [[doc.file.file, doc.file.routeKeyLine] as const] : [])),
      ),
      staticFiles: inputs.publicFiles,
      generated: generatedClaims({
        sitemap: config.sitemap.filename,
        robotsTxt: writesRobotsTxt(config, inputs.publicFiles),
        assets: inputs.assets.files.keys(),
        copies: [...copies].map(([out, from]) => [from, out]),
        root,
        markdown: markdownOutputNames(table.routes, config),
      }),
      configFile,
    }),
  );
  const pages = new Map(table.routes.map((route) => [outputPathOf(route), route]));
  return { table, siteData, pages, copies, navigationKey: navigationKeyOf(table) };
}

function navigationKeyOf(table: RouteTable): string {
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
