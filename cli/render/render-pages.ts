import type { SiteData } from '../../templates/shared/site-data.js';
import type { PageRefs } from './extract-html-refs.js';
import type { PageSection } from '../search/extract-sections.js';
import type { Route, SidebarItem } from '../types.js';
import { canUsePool, runPool } from '../workers/worker-pool.js';
import { readRenderedPage } from './read-rendered-page.js';
import { renderRoute } from './render-route.js';
import { findSidebarSlot, SIDEBAR_SLOT } from './sidebar-slot.js';

/**
 * A rendered page with an empty sidebar slot (sidebar-slot.ts), and what the
 * rest of the build reads from it, so that the HTML can be cached, written
 * and dropped.
 */
export interface ShellResult {
  outPath: string;
  html: string;
  /** Offset of the sidebar slot in `html`, -1 when the page has no sidebar. */
  slot: number;
  /** Its ids and link targets, for the link checker (the sidebar's are read once per sidebar). */
  refs: PageRefs;
  /** Its search sections, when asked for (read in the same parse as its refs). */
  sections?: PageSection[];
}

/** Renders one route with its sidebar left as a slot, and reads its refs (and search sections) in one parse. */
export function renderShell(
  route: Route,
  site: SiteData,
  sidebars: Map<string, SidebarItem[]>,
  options: { sections?: boolean } = {},
): ShellResult {
  const { outPath, html } = renderRoute(route, site, sidebars, SIDEBAR_SLOT);
  return { outPath, html, slot: findSidebarSlot(html), ...readRenderedPage(html, { sections: options.sections }) };
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
export async function renderInPool(
  routes: Route[],
  init: RenderInit,
  onDone: (index: number, result: ShellResult) => Promise<void>,
): Promise<number> {
  // Rendering holds one page at a time besides the site's data.
  const limits = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 256 };
  return runPool<RenderInit, Route, ShellResult>({
    script: SCRIPT,
    limits,
    init,
    jobs: routes,
    onDone,
    describe: (route) => `rendering ${route.path}`,
  });
}
