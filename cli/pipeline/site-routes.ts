import type { SiteConfig } from '../config/schema.js';
import { addLastUpdates } from '../last-update/last-updates.js';
import type { GitDates } from '../last-update/read-git-dates.js';
import type { CategoryMeta } from '../load/category-files.js';
import { buildRoutes } from '../routes/build-routes.js';
import { addMarkdownHrefs } from '../routes/markdown-copies.js';
import type { ApiPage } from '../api/build-api-pages.js';
import type { PageContent, PlannedDoc, Route, SidebarItem } from '../types.js';
import { mergeVersionTables, type MergedVersions } from '../routes/merge-versions.js';
import type { SiteVersion } from '../versions/site-versions.js';
import { withSitePages } from '../pages/site-pages.js';

/** One docs version as the routes stage reads it: its config, its sidebars file, its compiled docs. */
export interface VersionRoutesInput extends SiteVersion {
  docs: { doc: PlannedDoc; content: PageContent }[];
  categories?: ReadonlyMap<string, CategoryMeta>;
  /** The version the API reference belongs to. */
  main: boolean;
}

/**
 * The routes stage, shared by `build` and `dev`: each version's route table, joined under the site's base URL,
 * with each page's Markdown copy link and its last update from git. Run once by `build`, after every change by
 * `dev`.
 */
export function routeSite(input: {
  config: SiteConfig;
  versions: VersionRoutesInput[];
  api: { pages: ApiPage[]; sidebar?: SidebarItem };
  gitDates?: GitDates;
  /** The pages of the site's pages folder (src/pages). */
  pages?: readonly Route[];
}): MergedVersions {
  const { config } = input;
  const table = mergeVersionTables(
    input.versions.map((v) => ({
      version: v.version,
      table: buildRoutes({
        config: v.config,
        configFile: v.sidebarsFile,
        docs: v.docs,
        apiPages: v.main ? input.api.pages : [],
        apiSidebar: v.main ? input.api.sidebar : undefined,
        categories: v.categories,
      }),
    })),
    config.baseUrl,
  );
  if (input.pages) table.routes = withSitePages(table.routes, input.pages);
  if (config.markdownPages) addMarkdownHrefs(table.routes, config.baseUrl);
  addLastUpdates(table.routes, input.gitDates, config);
  return table;
}
