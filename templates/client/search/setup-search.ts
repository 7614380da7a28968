/**
 * The only search code in the main bundle: listens for
 * `docsgen:open-search` (sent by the navbar's button and shortcuts) and loads
 * the modal chunk on first use, and starts the search page's client on
 * `/search`. Marks the document with `data-search-ready` so the navbar opens
 * the modal instead of following the button's link, and with
 * `data-search-open` from the request until the modal closes (no React is
 * loaded meanwhile: client/load-islands.ts).
 */
import { isSearchShortcut } from '../navbar.js';

/** `search/settings.json`, next to the search page the navbar's button links to. */
function settingsUrl(): URL {
  const button = document.querySelector<HTMLAnchorElement>('a.search-button');
  const form = document.querySelector<HTMLFormElement>('.search-page-form');
  const page = button?.href ?? form?.action ?? new URL('../search', import.meta.url).href;
  return new URL(`${page.split(/[?#]/)[0]!.replace(/\/$/, '')}/settings.json`);
}

/**
 * Keeps the characters typed while the modal's code loads (they would
 * otherwise go to the page and be lost); the returned function stops and
 * gives them back, for the search box.
 */
function holdTyping(): () => string {
  let typed = '';
  const onKey = (event: KeyboardEvent) => {
    // A shortcut (`/`) still asks for search; any other character is meant for the search box, not the page.
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || isSearchShortcut(event)) return;
    event.preventDefault();
    event.stopPropagation();
    typed += event.key;
  };
  document.addEventListener('keydown', onKey, true);
  return () => {
    document.removeEventListener('keydown', onKey, true);
    return typed;
  };
}

/** Installs the search listener; everything else loads when search is first used. */
export function setupSearch(): void {
  let modal: Promise<typeof import('./search-modal.js')> | undefined;
  window.addEventListener('docsgen:open-search', () => {
    // Until the modal closes, the reader is searching (navbar.ts searchIsOpen): React is not loaded meanwhile.
    document.documentElement.dataset.searchOpen = '';
    const typed = holdTyping();
    modal ??= import('./search-modal.js');
    modal.then(
      (module) => module.openSearchModal(settingsUrl(), typed()),
      (error: unknown) => {
        typed();
        delete document.documentElement.dataset.searchOpen;
        modal = undefined;
        console.error('[docsgen] could not load search', error);
        window.location.assign(settingsUrl().href.replace(/\/settings\.json$/, ''));
      },
    );
  });
  document.documentElement.dataset.searchReady = '';
  const startPage = () => {
    if (!document.querySelector('.search-page')) return;
    import('./search-page.js').then(
      (module) => module.startSearchPage(settingsUrl()),
      (error: unknown) => console.error('[docsgen] could not load search', error),
    );
  };
  startPage();
  window.addEventListener('docsgen:navigated', startPage);
}
