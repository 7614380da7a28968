import type { RenderedPage, Route } from '../types.js';
import type { StoredRecord } from '../../templates/shared/search-types.js';
import { detach } from '../strings.js';
import { routeUrl } from '../route-text.js';
import { extractSections, type PageSection } from './extract-sections.js';

/** One searchable section of a page. */
export interface SearchRecord {
  id: number;
  /** Page URL with baseUrl and `#anchor`. */
  url: string;
  /** The page's top-level group: its first breadcrumb ("Guides"), or the API kind ("Classes"). */
  group: string;
  title: string;
  /** The page's description (front matter), on its first record: indexed, never shown. */
  description: string;
  heading: string;
  /** API signatures in the section: indexed, never shown. */
  api: string;
  text: string;
  /** The first record of its page, which alone indexes the page title (a page counts its title once). */
  pageStart: boolean;
  /** The docs version of the page (`current` for API pages), when the site has versions. */
  version?: string;
}

/** The top-level group a page is listed under in results. */
export function pageGroup(route: Route): string {
  const crumbs = route.breadcrumbs ?? [];
  if (route.kind === 'api' && crumbs.length >= 3) return crumbs[1].label;
  if (route.kind === 'blog-post') return 'Blog';
  return crumbs[0]?.label ?? route.title;
}

/** Pages that belong in search: guides, API pages, generated category indexes, the site's pages and blog posts, not unlisted ones. */
export function isSearchable(route: Route): boolean {
  return (
    (route.kind === 'doc' ||
      route.kind === 'api' ||
      route.kind === 'category' ||
      route.kind === 'page' ||
      route.kind === 'blog-post') &&
    !route.unlisted
  );
}

/** Turns rendered pages into search records, one per h2/h3 section, in page order. */
export function collectRecords(pages: Iterable<RenderedPage>, baseUrl: string): SearchRecord[] {
  const records: SearchRecord[] = [];
  for (const page of pages) addPageRecords(records, page, baseUrl);
  return records;
}

/** Appends one page's records (none for pages kept out of search). */
export function addPageRecords(records: SearchRecord[], page: RenderedPage, baseUrl: string): void {
  if (isSearchable(page.route)) addSectionRecords(records, page.route, extractSections(page.html), baseUrl);
}

/** Appends the records of a page's sections, read earlier. */
export function addSectionRecords(
  records: SearchRecord[],
  route: Route,
  sections: PageSection[],
  baseUrl: string,
): void {
  const pageUrl = routeUrl(baseUrl, route.path);
  const group = pageGroup(route);
  sections.forEach((section, i) => {
    records.push({
      id: records.length,
      url: section.anchor ? detach(`${pageUrl}#${section.anchor}`) : pageUrl,
      group,
      title: route.title,
      description: i === 0 ? (route.frontMatter?.description ?? '') : '',
      heading: section.heading,
      api: section.api,
      text: section.text,
      pageStart: i === 0,
      ...(route.docsVersion ? { version: route.docsVersion.name } : {}),
    });
  });
}

/** The stored form of a record, as the browser reads it from a doc chunk. */
export function storeRecord(record: SearchRecord): StoredRecord {
  return [record.url, record.group, record.title, record.heading, record.text];
}
