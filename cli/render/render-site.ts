import { createHash } from 'node:crypto';
import type { SiteData } from '../../templates/shared/site-data.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import { DocsgenError } from '../errors.js';
import type { PageRefs } from './extract-html-refs.js';
import { codeVersion, themeVersion } from '../package-root.js';
import { isSearchable } from '../search/collect-records.js';
import type { PageSection } from '../search/extract-sections.js';
import { StringPool } from '../strings.js';
import type { Reporter, Route, SidebarItem } from '../types.js';
import { canRenderInPool, renderInPool, renderShell, type ShellResult } from './render-pages.js';
import { pageUrlOf } from './render-route.js';
import type { SidebarHtml } from './sidebar-html.js';
import { fillSidebarSlot } from './sidebar-slot.js';

/** A page ready to be written: its HTML is made only if the output needs it (an unchanged file is not written again). */
export interface OutputPage {
  route: Route;
  outPath: string;
  /** Identifies the page's HTML: the same key, the same bytes. */
  key: string;
  html(): string;
}

/** Where rendered pages go, so that a large site never sits in memory whole. */
export interface PageOutput {
  write(page: OutputPage): Promise<void>;
}

/** A page's ids and link targets, as the link checker reads them. */
export interface PageLinks {
  route: Route;
  refs: PageRefs;
  /**
   * Refs shown on this page and others (a sidebar), checked once: the
   * route only names where a broken one is seen, and its ids are not these.
   */
  shared?: boolean;
}

export interface RenderSiteInput {
  routes: Route[];
  site: SiteData;
  sidebars: Map<string, SidebarItem[]>;
  sidebarHtml: SidebarHtml;
  output: PageOutput;
  cache: DiskCache;
  /**
   * Pages stream out: render on worker threads when enough pages need it, and
   * release each route's compiled body once its page is written.
   */
  pool: boolean;
  /** The local search index is on: read the sections of searchable pages. */
  sections: boolean;
  reporter?: Reporter;
}

export interface RenderedSite {
  /** Each page's ids and link targets (its sidebar's are in `sidebarLinks` of build-site). */
  links: PageLinks[];
  /** Each page's render key: what the search index and the link check are cached by. */
  keys: string[];
  /** Each searchable page's sections, when asked for. */
  sections?: (PageSection[] | undefined)[];
  /** Pages rendered in this build; the others came from the cache. */
  rendered: number;
  workers: number;
}

/** What the cache keeps of a rendered page besides its HTML (stored apart, as text). */
interface CachedShell {
  outPath: string;
  slot: number;
  /** Size of the HTML in bytes: a text entry cut short by a killed build, or missing, is a miss. */
  bytes: number;
  refs: { ids: string[]; refs: string[] };
  sections?: PageSection[];
}

const NAMESPACE = 'shells';

/**
 * Renders every route into the output, each page at most once per change:
 * a page is cached by everything it shows except its sidebar (which is
 * spliced in as it is written, sidebar-slot.ts), so a build renders only
 * the pages whose content, title, neighbours, breadcrumbs or theme changed.
 * Keeps what later stages need: links, keys and search sections.
 */
export async function renderSite(input: RenderSiteInput): Promise<RenderedSite> {
  const { routes, site, sidebars, sidebarHtml, output, cache, pool, reporter } = input;
  const siteKey = hashOf(codeVersion(), themeVersion(), site);
  const keys = routes.map((route) => shellKeyOf(route, siteKey, sidebars));
  const wantsSections = (route: Route) => input.sections && isSearchable(route);
  const links: PageLinks[] = new Array(routes.length);
  const found: (PageSection[] | undefined)[] | undefined = input.sections ? new Array(routes.length) : undefined;
  // Link targets repeat on every page (navbar, footer): each distinct one is kept once.
  const strings = new StringPool();
  const pooled = (text: string) => strings.get(text);
  let done = 0;

  const keep = async (index: number, shell: CachedShell, html: () => string) => {
    const route = routes[index];
    links[index] = { route, refs: { ids: new Set(shell.refs.ids.map(pooled)), refs: shell.refs.refs.map(pooled) } };
    if (found) found[index] = shell.sections;
    const sidebar = route.sidebar && sidebars.has(route.sidebar) ? route.sidebar : undefined;
    await output.write({
      route,
      outPath: shell.outPath,
      key: hashOf(keys[index], sidebar ? sidebarHtml.digest(sidebar) : ''),
      html: () =>
        fillSidebarSlot(html(), shell.slot, sidebar && sidebarHtml.for(sidebar, pageUrlOf(route, site.baseUrl))),
    });
    // Streamed out: the compiled body is not needed again, and on a large site the bodies are most of the memory.
    if (pool && route.content) route.content.html = '';
    reporter?.progress?.(++done, routes.length, 'render');
  };

  const misses: number[] = [];
  for (let i = 0; i < routes.length; i++) {
    const cached = cache.get<CachedShell>(NAMESPACE, keys[i]);
    if (
      !cached ||
      (wantsSections(routes[i]) && !cached.sections) ||
      cache.textSize(NAMESPACE, keys[i]) !== cached.bytes
    ) {
      misses.push(i);
      continue;
    }
    // Its HTML is read only if the page must be written again; the entry is this build's either way.
    cache.keep(NAMESPACE, keys[i]);
    await keep(i, cached, () => {
      const html = cache.getText(NAMESPACE, keys[i]);
      // Checked a moment ago: only something changing the cache during the build gets here. Never written half.
      if (html === undefined || Buffer.byteLength(html) !== cached.bytes)
        throw new DocsgenError(`the cached page ${routes[i].path} changed while docsgen was building`, {
          hint: 'build again',
        });
      return html;
    });
  }

  const store = async (index: number, result: ShellResult) => {
    const shell: CachedShell = {
      outPath: result.outPath,
      slot: result.slot,
      bytes: Buffer.byteLength(result.html),
      refs: { ids: [...result.refs.ids], refs: result.refs.refs },
    };
    if (result.sections) shell.sections = result.sections;
    // The HTML first: an entry is complete once its description exists.
    cache.setText(NAMESPACE, keys[index], result.html);
    cache.set(NAMESPACE, keys[index], shell);
    await keep(index, shell, () => result.html);
  };
  let workers = 0;
  if (pool && canRenderInPool(misses.length)) {
    workers = await renderInPool(
      misses.map((i) => routes[i]),
      { site, sidebars: [...sidebars], sections: input.sections },
      (index, result) => store(misses[index], result),
    );
  } else {
    for (const i of misses)
      await store(i, renderShell(routes[i], site, sidebars, { sections: wantsSections(routes[i]) }));
  }
  return { links, keys, sections: found, rendered: misses.length, workers };
}

/**
 * Everything a page's HTML depends on besides its sidebar: the theme and
 * docsgen's code, the site's settings and assets, and the route itself
 * (title, body, headings, breadcrumbs, previous/next, edit link), its body
 * by hash.
 */
function shellKeyOf(route: Route, siteKey: string, sidebars: Map<string, SidebarItem[]>): string {
  const described = JSON.stringify(route, (name, value) =>
    name === 'html' && typeof value === 'string' ? createHash('sha256').update(value).digest('hex') : value,
  );
  return hashOf(siteKey, described, route.sidebar !== undefined && sidebars.has(route.sidebar));
}
