/**
 * robots.txt (`robotsTxt`): every crawler welcome (none when `noIndex`), and
 * where the sitemap is. A robots.txt of a static folder is the site's own:
 * it is published as it is, and docsgen writes none.
 */
import type { SiteConfig } from '../config/schema.js';
import { trimTrailingSlashes } from '../url-parts.js';

/** The output path robots.txt is written to (crawlers read it at the root of the host). */
export const ROBOTS_FILE = 'robots.txt';

/** Whether docsgen writes robots.txt: on, and no static folder has one. */
export function writesRobotsTxt(
  config: Pick<SiteConfig, 'robotsTxt'>,
  staticFiles: Iterable<{ path: string }>,
): boolean {
  if (!config.robotsTxt) return false;
  for (const file of staticFiles) if (file.path === ROBOTS_FILE) return false;
  return true;
}

/** The text of robots.txt, with the sitemap's absolute URL. */
export function createRobotsTxt(config: Pick<SiteConfig, 'url' | 'baseUrl' | 'noIndex' | 'sitemap'>): string {
  const sitemap = trimTrailingSlashes(config.url) + config.baseUrl + config.sitemap.filename.replace(/^\/+/, '');
  return ['User-agent: *', config.noIndex ? 'Disallow: /' : 'Allow: /', '', `Sitemap: ${sitemap}`, ''].join('\n');
}
