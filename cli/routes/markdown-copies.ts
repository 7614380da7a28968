/**
 * Where each page's Markdown copy is published (issue 17): beside its HTML, at
 * `<route>.md` (`/docs/guides/formats` → `docs/guides/formats.md`, the home
 * page → `index.md`). Pages that are not documents (search, 404, redirects)
 * have none.
 */
import type { SiteConfig } from '../config/schema.js';
import type { Route } from '../types.js';
import { routeUrl } from '../route-text.js';

/**
 * Pages that are documents (home, docs, API pages, category indexes, the site's pages, blog posts): each has a
 * Markdown copy (React pages aside) and a social image.
 */
const DOCUMENT_KINDS = new Set<Route['kind']>(['home', 'doc', 'api', 'category', 'page', 'blog-post']);

/**
 * Where files that stand for a document page go, without extension: its route
 * (`docs/guides/formats`), `index` for the home page; undefined for a page that
 * is not a document (search, 404, redirects).
 */
export function documentFileStem(route: Pick<Route, 'path' | 'kind'>): string | undefined {
  if (!DOCUMENT_KINDS.has(route.kind)) return undefined;
  return route.path === '/' ? 'index' : route.path.replace(/^\/+/, '');
}

/** The copy's path in the output (no leading slash), or undefined for a page that has none. */
export function markdownCopyFile(route: Pick<Route, 'path' | 'kind'>): string | undefined {
  const stem = documentFileStem(route);
  return stem === undefined ? undefined : `${stem}.md`;
}

/** Gives every page that has a copy its URL (`markdownHref`, baseUrl included), for the alternate link and the page actions. */
export function addMarkdownHrefs(routes: Route[], baseUrl: string): void {
  for (const route of routes) {
    // A React page (src/pages/x.tsx) has no Markdown source to copy.
    const file = route.reactPage ? undefined : markdownCopyFile(route);
    if (file) route.markdownHref = routeUrl(baseUrl, file);
  }
}

/** The llms files (llmstxt.org), at the root of the output. */
export const LLMS_TXT = 'llms.txt';
export const LLMS_FULL_TXT = 'llms-full.txt';

/**
 * The files the Markdown outputs add, by output path, with what makes each
 * (for the clash check): each page's copy when `markdownPages` is on, the
 * llms files when `llmsTxt` is. Known from the routes alone, before anything
 * is rendered.
 */
export function markdownOutputNames(
  routes: readonly Route[],
  config: Pick<SiteConfig, 'markdownPages' | 'llmsTxt'>,
): [string, string][] {
  const names: [string, string][] = [];
  if (config.markdownPages) {
    for (const route of routes) {
      const file = route.markdownHref ? markdownCopyFile(route) : undefined;
      if (file) names.push([file, `the Markdown copy of ${route.path}`]);
    }
  }
  if (config.llmsTxt) names.push([LLMS_TXT, 'llms.txt'], [LLMS_FULL_TXT, 'llms-full.txt']);
  return names;
}
