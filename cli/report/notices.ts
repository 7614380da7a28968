import type { SiteConfig } from '../config/schema.js';
import type { Notice } from '../types.js';

/**
 * A site that trusts its content is worth a reviewer's eye: a pull request
 * to it can put script in the pages. `check` (and `build --format json`)
 * say so every time they run.
 */
export function noticesFor(config: Pick<SiteConfig, 'markdown'>): Notice[] {
  if (!config.markdown.trustContent) return [];
  return [
    {
      rule: 'trust-content',
      message: 'markdown.trustContent is on: pages are not sanitised, so content can put script in them',
    },
  ];
}
