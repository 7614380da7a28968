import type { SiteConfig } from '../config/schema.js';
import type { Route } from '../types.js';
import { routeUrl } from '../route-text.js';
import { trimTrailingSlashes } from '../url-parts.js';
import { feedTypes } from './blog-routes.js';
import { atomFeed, rssFeed, type FeedEntry } from './feed-xml.js';

/** Posts a feed holds at most, newest first (Docusaurus's `feedOptions.limit` default). */
const FEED_LIMIT = 20;

/**
 * The blog's feeds (`<base>/rss.xml`, `<base>/atom.xml`), made from its post routes: full content with absolute
 * URLs (the site's `url` + `baseUrl`). Unlisted posts are left out. None when the site has no blog.
 */
export function blogFeedFiles(routes: Route[], config: SiteConfig): Map<string, string> {
  const files = new Map<string, string>();
  const options = config.blog;
  if (!options || !routes.some((r) => r.kind === 'blog-list')) return files;
  const origin = trimTrailingSlashes(config.url);
  const base = `/${options.routeBasePath}`;
  const entries: FeedEntry[] = routes
    .filter((r) => r.kind === 'blog-post' && !r.unlisted && r.blog?.post)
    .slice(0, FEED_LIMIT)
    .map((r) => {
      const post = r.blog!.post!;
      return {
        title: post.title,
        url: origin + post.href,
        date: post.date,
        description: post.description,
        html: absoluteLinks(r.content?.html ?? '', origin),
        authors: post.authors.map((a) => ({ name: a.name, url: a.url })),
        tags: post.tags.map((t) => t.label),
      };
    });
  const info = {
    title: options.feedOptions.title ?? options.blogTitle,
    description: options.feedOptions.description ?? options.blogDescription,
    link: origin + routeUrl(config.baseUrl, base),
    copyright: options.feedOptions.copyright,
    updated: entries[0]?.date ?? new Date(0).toISOString(),
  };
  for (const file of blogFeedNames(routes, config)) {
    const type = file.endsWith('/rss.xml') ? 'rss' : 'atom';
    const self = origin + config.baseUrl + file;
    files.set(file, type === 'rss' ? rssFeed({ ...info, self }, entries) : atomFeed({ ...info, self }, entries));
  }
  return files;
}

/** The feeds' output paths, known before they are made (the output clash check). */
export function blogFeedNames(routes: Route[], config: SiteConfig): string[] {
  const options = config.blog;
  if (!options || !routes.some((r) => r.kind === 'blog-list')) return [];
  return feedTypes(options).map((type) => `${options.routeBasePath}/${type}.xml`);
}

/** `href="/x"` and `src="/x"` made absolute (a feed reader has no page to resolve them against); `//host` kept. */
export function absoluteLinks(html: string, origin: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const hrefAt = html.indexOf('="/', from);
    if (hrefAt < 0) break;
    const attr = html.slice(Math.max(0, hrefAt - 4), hrefAt);
    const isUrlAttr = attr.endsWith('href') || attr.endsWith('src');
    out += html.slice(from, hrefAt + 2);
    if (isUrlAttr && html[hrefAt + 3] !== '/') out += origin;
    from = hrefAt + 2;
  }
  return out + html.slice(from);
}
