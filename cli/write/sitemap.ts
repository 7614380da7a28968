import { SitemapStream, streamToPromise } from 'sitemap';
import type { SiteConfig } from '../config/schema.js';
import { routeUrl } from '../routes/route-text.js';
import type { Route } from '../types.js';

/** Turns a sitemap ignore glob (`/tags/**`) into a RegExp. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** sitemap.xml with every indexable route as an absolute URL. */
export async function createSitemap(routes: Route[], config: Pick<SiteConfig, 'url' | 'baseUrl' | 'sitemap' | 'noIndex'>): Promise<string> {
  const ignore = config.sitemap.ignorePatterns.map(globToRegExp);
  const entries = config.noIndex
    ? []
    : routes.filter((route) => !(route.noindex || route.unlisted || route.kind === 'redirect' || route.kind === 'not-found' || route.kind === 'search') && !ignore.some((re) => re.test(route.path)));
  // The sitemap library refuses an empty stream; an empty site still gets a valid, empty sitemap.
  if (entries.length === 0) return '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>';
  const stream = new SitemapStream({ hostname: config.url.replace(/\/$/, '') + '/', xmlns: { news: false, xhtml: false, image: false, video: false } });
  const done = streamToPromise(stream);
  for (const route of entries) {
    stream.write({ url: routeUrl(config.baseUrl, route.path), changefreq: config.sitemap.changefreq, priority: config.sitemap.priority });
  }
  stream.end();
  return (await done).toString();
}
