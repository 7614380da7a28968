import path from 'node:path';
import type { DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { routeUrl } from '../route-text.js';
import { createSampleChecker, type SampleChecker } from '../samples/sample-checker.js';
import { getTargetHref } from './api-paths.js';
import { apiOptionsOf } from './load-api-pages.js';

/**
 * The site's sample checker: the library named by `api.package`, its names
 * linked as the API pages link their members. It lives with the API pages
 * because it needs their paths; the checker it makes knows nothing of them.
 */
export function createSiteSampleChecker(root: string, config: SiteConfig, cache: DiskCache): SampleChecker {
  if (!config.api) throw new Error('code samples are checked only for a site with an API reference');
  const api = apiOptionsOf(config.api);
  const url = (p: string) => routeUrl(config.baseUrl, p);
  return createSampleChecker({
    root,
    packageName: api.package,
    environment: config.codeSamples.environment,
    setupDir: path.resolve(root, config.codeSamples.setupDir),
    timeoutMs: config.codeSamples.timeout * 1000,
    cache,
    hrefOf: (target) => getTargetHref(target, api, url),
  });
}
