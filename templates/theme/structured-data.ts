/**
 * The page's structured data (schema.org JSON-LD): a `BreadcrumbList` with
 * the items the visible breadcrumbs show, and a `TechArticle` on guides.
 * Titles and descriptions come from content, so the JSON is written for an
 * HTML `<script>` data block: `<`, `>` and `&` (and U+2028/U+2029) are
 * `\u` escapes, so no text can end the element or open a comment in it.
 */
import { absoluteUrl } from './page-urls.js';
import type { PageRoute, SiteData } from '../shared/site-data.js';

type JsonLd = Record<string, unknown>;

/** The page's JSON-LD graph, or undefined when it has nothing to say (no breadcrumbs, not a guide). */
export function buildStructuredData(
  site: SiteData,
  route: PageRoute,
  canonical: string | undefined,
): JsonLd | undefined {
  const graph = [
    buildBreadcrumbList(site, route, canonical),
    route.kind === 'doc' && canonical ? buildTechArticle(site, route, canonical) : undefined,
  ].filter((x) => x !== undefined);
  return graph.length ? { '@context': 'https://schema.org', '@graph': graph } : undefined;
}

/** Home, then each visible breadcrumb; the last (this page) with its canonical URL, a crumb without a link with its name only. */
function buildBreadcrumbList(site: SiteData, route: PageRoute, canonical: string | undefined): JsonLd | undefined {
  const crumbs = route.breadcrumbs;
  if (!crumbs?.length) return undefined;
  const items = [
    { name: site.title, url: absoluteUrl(site, site.baseUrl) },
    ...crumbs.map((crumb, i) => ({
      name: crumb.label,
      url: i === crumbs.length - 1 ? canonical : crumb.href && absoluteUrl(site, crumb.href),
    })),
  ];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      ...(item.url ? { item: item.url } : {}),
    })),
  };
}

/** A guide: headline, description, when it last changed, where it lives and whose site it is part of. */
function buildTechArticle(site: SiteData, route: PageRoute, canonical: string): JsonLd {
  const website = { '@type': 'WebSite', name: site.title, url: absoluteUrl(site, site.baseUrl) };
  return {
    '@type': 'TechArticle',
    headline: route.title,
    ...(route.description ? { description: route.description } : {}),
    ...(route.lastUpdate?.date ? { dateModified: route.lastUpdate.date } : {}),
    url: canonical,
    mainEntityOfPage: canonical,
    inLanguage: 'en',
    isPartOf: website,
    publisher: { '@type': 'Organization', name: site.title, url: website.url },
  };
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON for an inline `<script>`: the same value once parsed, with no character that HTML or old JS parsers read. */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    SCRIPT_UNSAFE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
