import { currentPagePath, navigate, saveScroll, scrollToHash } from './navigate.js';
import { baseUrl, normalizePath, sitePageUrl } from './page-urls.js';

function linkTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.relList.contains('external'))
    return null;
  return sitePageUrl(link.href);
}

/**
 * Client-side navigation: same-site link clicks and back/forward swap the
 * page instead of reloading it; `.html` paths are normalised to clean ones;
 * scroll positions are kept per history entry.
 */
export function setupRouter(): void {
  const base = baseUrl();
  history.scrollRestoration = 'manual';
  const clean = normalizePath(location.pathname, base);
  if (clean !== location.pathname) {
    history.replaceState(history.state, '', clean + location.search + location.hash);
    // `/docs/guides.html` reached the 404 page; the clean path is a real page.
    if (document.documentElement.dataset.page === 'not-found') void navigate(new URL(location.href), { push: false });
  }
  const saved = (history.state as { scroll?: number } | null)?.scroll;
  if (saved) window.scrollTo({ top: saved, behavior: 'instant' });

  document.addEventListener('click', (event) => {
    const url = linkTarget(event);
    if (!url) return;
    // A link to a heading of this page: the browser scrolls (smoothly, by CSS).
    if (url.pathname === currentPagePath() && url.hash && url.search === location.search) return;
    event.preventDefault();
    void navigate(url, { push: true });
  });

  window.addEventListener('popstate', (event) => {
    const scroll = (event.state as { scroll?: number } | null)?.scroll;
    if (location.pathname === currentPagePath()) {
      if (scroll !== undefined) window.scrollTo({ top: scroll, behavior: 'instant' });
      else if (location.hash) scrollToHash(location.hash);
      return;
    }
    void navigate(new URL(location.href), { push: false, scroll });
  });

  let pending = 0;
  window.addEventListener(
    'scroll',
    () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(saveScroll, 150);
    },
    { passive: true },
  );
  window.addEventListener('pagehide', saveScroll);
}
