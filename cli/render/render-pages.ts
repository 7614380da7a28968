import { createHash } from 'node:crypto';
import type { SiteData } from '../../templates/site-data.js';
import type { PageRefs } from '../check/extract-html-refs.js';
import type { PageSection } from '../search/extract-sections.js';
import type { Route, SidebarItem } from '../types.js';
import { canUsePool, runPool } from '../workers/worker-pool.js';
import { readRenderedPage } from './read-rendered-page.js';
import { renderRoute } from './render-route.js';
import type { SidebarHtml } from './sidebar-html.js';

/** A rendered page with what the rest of the build needs from it, so the HTML itself can be written and dropped. */
export interface PageResult {
  outPath: string;
  html: string;
  /** Its ids and link targets, for the link checker. */
  refs: PageRefs;
  /** Hash of the HTML: the search index is cached by the hashes of all pages. */
  hash: string;
  /** Its search sections, when asked for (read in the same parse as its refs). */
  sections?: PageSection[];
}

/** Renders one route and reads what the build needs from it; `sections` for a page that goes into the local search index. */
export function renderPage(route: Route, site: SiteData, sidebars: Map<string, SidebarItem[]>, sidebarHtml: SidebarHtml, options: { sections?: boolean } = {}): PageResult {
  const { outPath, html } = renderRoute(route, site, sidebars, sidebarHtml);
  return { outPath, html, hash: createHash('sha256').update(html).digest('hex'), ...readRenderedPage(html, { sections: options.sections }) };
}

/** What every render worker gets once. */
export interface RenderInit {
  site: SiteData;
  sidebars: [string, SidebarItem[]][];
  /** Read each searchable page's sections for the local search index. */
  sections: boolean;
}

const SCRIPT = new URL('./render-worker.js', import.meta.url);

export const canRenderInPool = (pages: number) => canUsePool(SCRIPT, pages);

/** Renders routes on worker threads; results arrive through `onDone` by route index, in no particular order. Resolves to the number of workers that rendered pages. */
export async function renderInPool(routes: Route[], init: RenderInit, onDone: (index: number, result: PageResult) => Promise<void>): Promise<number> {
  // Rendering holds one page at a time besides the site's data.
  const limits = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 256 };
  return runPool<RenderInit, Route, PageResult>({ script: SCRIPT, limits, init, jobs: routes, onDone, describe: (route) => `rendering ${route.path}` });
}
