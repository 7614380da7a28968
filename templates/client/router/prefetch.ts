import { pageCache } from './page-cache.js';
import { baseUrl, sitePageUrl } from './page-urls.js';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching when the reader asked to save data or is on a 2g connection. */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/**
 * A page worth fetching ahead: one of this site's, but not the search page. Every page links to it (the navbar's
 * search button), and readers search in the modal: its HTML is fetched only when the reader goes there.
 */
function prefetchableUrl(href: string): URL | null {
  const url = sitePageUrl(href);
  return url && url.pathname.replace(/\/$/, '') !== `${baseUrl()}search` ? url : null;
}

function prefetch(href: string): void {
  const url = prefetchableUrl(href);
  if (!url || url.pathname === location.pathname || pageCache.has(url.pathname)) return;
  pageCache.load(url.pathname).catch(() => undefined);
}

/** The longest the prefetcher waits for an idle moment (tests wait past it to see that nothing was prefetched). */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

const idle = (fn: () => void): void => {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(fn, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(fn, 50);
};

/**
 * Prefetches the HTML of site pages whose links enter the viewport or are
 * hovered, focused or touched, so the click is instant (the search page
 * excepted: prefetchableUrl). Links are observed again after every
 * client-side navigation.
 */
export function setupPrefetch(): void {
  if (!prefetchAllowed()) return;
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement) prefetch(link.href);
  };
  for (const type of ['mouseover', 'focusin', 'touchstart'])
    document.addEventListener(type, onIntent, { passive: true });
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      idle(() => prefetch((entry.target as HTMLAnchorElement).href));
    }
  });
  const observeLinks = () => {
    observer.disconnect();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]'))
      if (prefetchableUrl(link.href)) observer.observe(link);
  };
  idle(observeLinks);
  window.addEventListener('docsgen:navigated', () => idle(observeLinks));
}
