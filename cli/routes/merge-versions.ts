import type { RouteTable } from './build-routes.js';
import { routeUrl } from '../route-text.js';
import type { Route, SidebarItem } from '../types.js';
import type { DocsVersionView } from '../../templates/shared/site-data.js';
import { CURRENT, type DocsVersion } from '../versions/plan-versions.js';

/** Pages of the site itself (not of a docs version): taken from the last version's table only. */
const SITE_KINDS = new Set<Route['kind']>(['home', 'search', 'not-found']);
/** Pages that belong to a version (they get its banner, dropdown links and `data-docs-version`). */
const VERSION_KINDS = new Set<Route['kind']>(['doc', 'api', 'category']);

/** The routes of every version as one site. */
export interface MergedVersions extends RouteTable {
  versions: DocsVersionView[];
}

/**
 * Joins the route tables of the versions (each built by buildRoutes from
 * its own docs and sidebars) into the site's: sidebar names of older
 * versions are scoped (`version-1.0/main`: every version has its own
 * `main`), each page learns its version (banner, the same doc in the other
 * versions), and `noIndex` versions keep their pages out of the sitemap.
 * The site's own pages (home, search, 404) come from the last version's
 * table, except a home page where any version has a doc at `/`.
 */
export function mergeVersionTables(
  tables: { version: DocsVersion; table: RouteTable }[],
  baseUrl: string,
): MergedVersions {
  const url = (p: string) => routeUrl(baseUrl, p);
  const last = tables.find((t) => t.version.isLast) ?? tables[0];
  const docsOf = new Map(
    tables.map(({ version, table }) => [
      version.name,
      new Map(
        table.routes.flatMap((r) => (r.docId && VERSION_KINDS.has(r.kind) ? [[r.docId, url(r.path)] as const] : [])),
      ),
    ]),
  );
  const versions: DocsVersionView[] = tables.map(({ version, table }) => ({
    name: version.name,
    label: version.label,
    href: url(table.mainDocPath ?? '/' + version.routeBase),
    isLast: version.isLast,
  }));
  const lastView = versions.find((v) => v.isLast)!;
  const routes: Route[] = [];
  const sidebars = new Map<string, SidebarItem[]>();
  // Docs-only mode with `/` in a version that is not the last (current at `/`, 1.x at `/1.x`): that doc is the home page.
  const docAtRoot = tables.some(({ table }) => table.routes.some((r) => r.path === '/' && VERSION_KINDS.has(r.kind)));
  for (const { version, table } of tables) {
    const scope = (name: string) => (version.name === CURRENT ? name : `version-${version.name}/${name}`);
    for (const [name, items] of table.sidebars) sidebars.set(scope(name), items);
    for (const route of table.routes) {
      if (SITE_KINDS.has(route.kind) && (version !== last.version || (route.kind === 'home' && docAtRoot))) continue;
      if (route.sidebar) route.sidebar = scope(route.sidebar);
      if (version.noIndex && !SITE_KINDS.has(route.kind)) route.noindex = true;
      if (VERSION_KINDS.has(route.kind)) {
        const alternates: Record<string, string> = {};
        for (const view of versions) {
          const href = route.docId ? docsOf.get(view.name)?.get(route.docId) : undefined;
          if (href) alternates[view.name] = href;
        }
        const banner = version.isLast || version.banner === 'none' ? undefined : version.banner;
        route.docsVersion = { name: version.name, ...(banner ? { banner } : {}), alternates };
      }
      routes.push(route);
    }
  }
  // Site pages last in their own table: keep home first and search/404 last, as a single version builds them.
  routes.sort((a, b) => rank(a) - rank(b));
  return {
    routes,
    sidebars,
    diagnostics: tables.flatMap((t) => t.table.diagnostics),
    mainDocPath: last.table.mainDocPath,
    versions: lastView ? versions : [],
  };
}

function rank(route: Route): number {
  return route.kind === 'home' ? 0 : route.kind === 'search' || route.kind === 'not-found' ? 2 : 1;
}
