import { pageCache } from './page-cache.js';
import { startProgress } from './progress-bar.js';
import { sameBundle, swapDocument } from './swap-document.js';

let latest = 0;
/** The path of the page currently in the document (hash changes keep it). */
let shownPath = location.pathname;

/** Remembers the scroll position in the current history entry, for back/forward. */
export function saveScroll(): void {
  history.replaceState({ ...(history.state as object | null), scroll: window.scrollY }, '');
}

export function currentPagePath(): string {
  return shownPath;
}

/** Scrolls to the element a hash names, smoothly unless the reader prefers reduced motion. */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto' });
  return true;
}

/**
 * Shows another page of the site without a full reload: fetches its HTML
 * (from the prefetch cache when it is there), swaps the document, updates
 * history, scrolls (top, hash, or the saved position on back/forward) and
 * announces `docsgen:navigated`. Any failure falls back to a full page load.
 */
export async function navigate(url: URL, options: { push: boolean; scroll?: number }): Promise<void> {
  const id = ++latest;
  const progress = startProgress();
  let next: Document;
  try {
    const html = await pageCache.load(url.pathname);
    next = new DOMParser().parseFromString(html, 'text/html');
    if (!sameBundle(next)) throw new Error('the site was rebuilt');
  } catch {
    progress.done();
    if (id !== latest) return;
    if (options.push) location.assign(url.href);
    else location.reload();
    return;
  }
  progress.done();
  if (id !== latest) return;
  if (options.push) {
    saveScroll();
    history.pushState({ scroll: 0 }, '', url.href);
  }
  window.dispatchEvent(new CustomEvent('docsgen:before-swap'));
  swapDocument(next);
  shownPath = url.pathname;
  if (options.scroll !== undefined) window.scrollTo({ top: options.scroll, behavior: 'instant' });
  else {
    window.scrollTo({ top: 0, behavior: 'instant' });
    if (url.hash) scrollToHash(url.hash);
  }
  document.getElementById('main')?.focus({ preventScroll: true });
  window.dispatchEvent(new CustomEvent('docsgen:navigated'));
}
