/**
 * Where each page's Markdown copy is published (issue 17): beside its HTML, at
 * `<route>.md` (`/docs/guides/formats` → `docs/guides/formats.md`, the home
 * page → `index.md`). Pages that are not documents (search, 404, redirects)
 * have none.
 */
import type { Route } from '../types.js';
import { routeUrl } from './route-text.js';

const KINDS_WITH_COPIES = new Set<Route['kind']>(['home', 'doc', 'api', 'category']);

/** The copy's path in the output (no leading slash), or undefined for a page that has none. */
export function markdownCopyFile(route: Pick<Route, 'path' | 'kind'>): string | undefined {
  if (!KINDS_WITH_COPIES.has(route.kind)) return undefined;
  return route.path === '/' ? 'index.md' : `${route.path.replace(/^\/+/, '')}.md`;
}

/** Gives every page that has a copy its URL (`markdownHref`, baseUrl included), for the alternate link and the page actions. */
export function addMarkdownHrefs(routes: Route[], baseUrl: string): void {
  for (const route of routes) {
    const file = markdownCopyFile(route);
    if (file) route.markdownHref = routeUrl(baseUrl, file);
  }
}
