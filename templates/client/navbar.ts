/**
 * The search contract with `./search/`: once the search module has installed
 * its listener it sets `<html data-search-ready>`; until then the search
 * button and shortcuts fall back to the `/search` page.
 */
export function searchIsReady(): boolean {
  return document.documentElement.dataset.searchReady !== undefined;
}

/**
 * True from the moment the modal is asked for until it closes (`<html
 * data-search-open>`): what the reader does meanwhile is searching, not using
 * the page's islands.
 */
export function searchIsOpen(): boolean {
  return document.documentElement.dataset.searchOpen !== undefined;
}

/** Asks the search module to open its modal. */
export function requestSearch(): void {
  window.dispatchEvent(new CustomEvent('docsgen:open-search'));
}

/** True for Ctrl/⌘+K anywhere, and `/` outside text fields. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return false;
  const target = event.target as Element | null;
  return !target?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

/** The shortcut hint for the reader's platform. */
export function shortcutHint(): string {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ios/i.test(platform || navigator.userAgent) ? '⌘ K' : 'Ctrl K';
}

/**
 * The search button and shortcuts, without waiting for React: a click or
 * Ctrl/⌘+K or `/` opens the modal once search is ready, and otherwise goes
 * to the search page (the button's own link).
 */
export function setupSearchTriggers(): void {
  const hint = shortcutHint();
  for (const keys of document.querySelectorAll('.search-button-keys')) keys.textContent = hint;
  window.addEventListener('docsgen:navigated', () => {
    for (const keys of document.querySelectorAll('.search-button-keys')) keys.textContent = hint;
  });
  document.addEventListener(
    'click',
    (event) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      if (!(event.target as Element | null)?.closest?.('a.search-button') || !searchIsReady()) return;
      event.preventDefault();
      requestSearch();
    },
    true,
  ); // capture: before the client-side router treats it as a link to the search page
  document.addEventListener('keydown', (event) => {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    if (searchIsReady()) requestSearch();
    else document.querySelector<HTMLAnchorElement>('a.search-button')?.click();
  });
}
