import { SitemapStream, streamToPromise } from 'sitemap';
import type { SiteConfig } from '../config/schema.js';
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
  const stream = new SitemapStream({ hostname: config.url.replace(/\/$/, '') + '/', xmlns: { news: false, xhtml: false, image: false, video: false } });
  const done = streamToPromise(stream);
  if (!config.noIndex) {
    for (const route of routes) {
      if (route.noindex || route.unlisted || route.kind === 'redirect' || route.kind === 'not-found' || route.kind === 'search') continue;
      if (ignore.some((re) => re.test(route.path))) continue;
      stream.write({ url: config.baseUrl + route.path.replace(/^\//, ''), changefreq: config.sitemap.changefreq, priority: config.sitemap.priority });
    }
  }
  stream.end();
  return (await done).toString();
}
