import picomatch from 'picomatch/posix.js';
import { SitemapStream, streamToPromise } from 'sitemap';
import type { SiteConfig } from '../config/schema.js';
import { routeUrl } from '../route-text.js';
import type { Route } from '../types.js';

/** The sitemaps protocol's limit: a URL must be shorter than this. */
const MAX_URL_LENGTH = 2048;

/**
 * `sitemap.ignorePatterns` as Docusaurus reads them: picomatch globs (`*`,
 * `**`, `{a,b}`, extglobs) matched against each route's path with the
 * baseUrl and without a trailing slash (`/docs/guides`; the home page is the
 * baseUrl itself, `/`). So `/docs/{api,guides}/**` leaves out `/docs/api`,
 * `/docs/guides` and everything under them.
 */
export function createIgnoreMatcher(patterns: string[], baseUrl: string): (route: Route) => boolean {
  if (patterns.length === 0) return () => false;
  const matches = picomatch(patterns);
  return (route) => matches(baseUrl + route.path.slice(1));
}

/**
 * sitemap.xml with every indexable route as an absolute URL, and its last
 * update as `<lastmod>` (`sitemap.lastmod`: the day, or the full time). A route whose
 * URL is too long for the protocol (a slug is content, and may be a megabyte)
 * is left out before any pattern sees it: globs with several `**` take time
 * that grows with a power of the path's length.
 */
export async function createSitemap(
  routes: Route[],
  config: Pick<SiteConfig, 'url' | 'baseUrl' | 'sitemap' | 'noIndex'>,
): Promise<string> {
  const origin = config.url.replace(/\/$/, '');
  const isIgnored = createIgnoreMatcher(config.sitemap.ignorePatterns, config.baseUrl);
  const entries = config.noIndex
    ? []
    : routes.filter(
        (route) =>
          !(
            route.noindex ||
            route.unlisted ||
            route.kind === 'redirect' ||
            route.kind === 'not-found' ||
            route.kind === 'search'
          ) &&
          origin.length + routeUrl(config.baseUrl, route.path).length < MAX_URL_LENGTH &&
          !isIgnored(route),
      );
  // The sitemap library refuses an empty stream; an empty site still gets a valid, empty sitemap.
  if (entries.length === 0)
    return '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';
  const stream = new SitemapStream({
    hostname: origin + '/',
    lastmodDateOnly: config.sitemap.lastmod === 'date',
    xmlns: { news: false, xhtml: false, image: false, video: false },
  });
  const done = streamToPromise(stream);
  for (const route of entries) {
    const lastmod = config.sitemap.lastmod && route.lastUpdate ? { lastmod: route.lastUpdate.date } : {};
    stream.write({
      url: routeUrl(config.baseUrl, route.path),
      changefreq: config.sitemap.changefreq,
      priority: config.sitemap.priority,
      ...lastmod,
    });
  }
  stream.end();
  return (await done).toString();
}
