import type { PageRoute, SiteData } from '../shared/site-data.js';

/** A site href (baseUrl included, `/base/docs/x`) as an absolute URL; an external URL stays as it is. */
export function absoluteUrl(site: SiteData, href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href;
  return site.siteUrl + (href.startsWith(site.baseUrl) ? href.slice(site.baseUrl.length - 1) : href);
}

/**
 * The page's canonical URL: its own absolute URL; a redirect page's is its
 * target's (the page it stands for); a "not found" page has none (it answers
 * for every missing URL, and search engines do not index it).
 */
export function canonicalUrl(site: SiteData, route: PageRoute, url: string): string | undefined {
  if (route.kind === 'not-found') return undefined;
  if (route.kind === 'redirect' && route.redirectTo) return absoluteUrl(site, route.redirectTo);
  return absoluteUrl(site, url);
}
