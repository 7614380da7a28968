import { isSearchShortcut, searchIsOpen } from './navbar.js';

type IslandsModule = typeof import('./islands/hydrate-islands.js');

let islands: IslandsModule | undefined;

function showChunkError(error: unknown, retry: () => void): void {
  document.getElementById('chunk-error')?.remove();
  const box = document.createElement('div');
  box.id = 'chunk-error';
  box.className = 'chunk-error';
  box.dataset.persist = '';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = error instanceof Error ? error.message : String(error);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-secondary';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(text, button);
  document.body.append(box);
}

/** A click on an island's button that landed before hydration, replayed once the island is live. */
let pendingClick: HTMLElement | undefined;

function holdClick(event: MouseEvent): void {
  const target = (event.target as Element | null)?.closest?.<HTMLElement>(
    '[data-island] button, [data-island] [role=button]',
  );
  // The search button works without React (client/navbar.ts); everything else waits for hydration.
  if (!target || islands || target.matches('.search-button')) return;
  event.preventDefault();
  event.stopPropagation();
  pendingClick = target;
}

/** Stops holding clicks; returns the one held, if any. */
function releaseClick(): HTMLElement | undefined {
  document.removeEventListener('click', holdClick, true);
  const click = pendingClick;
  pendingClick = undefined;
  return click;
}

/**
 * Loads the islands chunk (React and the interactive components), hydrates
 * the page and replays a held click. If the chunk fails to load, its error
 * text is shown with a Retry button; the page itself stays readable and
 * navigable.
 */
function loadIslands(): void {
  import('./islands/hydrate-islands.js').then(
    (module) => {
      islands = module;
      module.hydrateIslands();
      releaseClick()?.click();
    },
    (error: unknown) => {
      releaseClick();
      console.error('[docsgen] could not load the interactive parts of the page', error);
      showChunkError(error, loadIslands);
    },
  );
}

/**
 * What counts as the reader starting to interact (the first one loads React and hydrates): a press, a touch, a key,
 * focus or scroll. Moving the mouse does not: a pointer crossing the page on its way to the search button (or
 * anywhere) uses nothing of the islands, and their hover styles are CSS.
 */
const TRIGGERS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;

/** Search is plain DOM (client/search/): its button and the search page's form need no island. */
const SEARCH_UI = 'a.search-button, .search-page-form';
const MODIFIER_KEYS = ['Control', 'Meta', 'Shift', 'Alt'];

/**
 * True for an event that is not yet an interaction with an island: anything
 * while the search modal is open or opening, one aimed at search (its button,
 * its shortcuts, the search page's box), a modifier key pressed on its own
 * (the first half of Ctrl+K). Search is often the first thing a reader does;
 * it must not pay for React.
 */
function isSearchUse(event: Event): boolean {
  if (searchIsOpen() || (event.target as Element | null)?.closest?.(SEARCH_UI)) return true;
  return event instanceof KeyboardEvent && (MODIFIER_KEYS.includes(event.key) || isSearchShortcut(event));
}

/**
 * Hydrates on the first interaction, not at load: React is most of the
 * theme's JavaScript, and a page is fully readable without it, so the first
 * load stays small. Using search does not count (isSearchUse). A click on
 * an island that lands before hydration is held and replayed once the island
 * is live.
 */
export function setupIslands(): void {
  window.addEventListener('docsgen:before-swap', () => islands?.unmountIslands());
  window.addEventListener('docsgen:navigated', () => {
    islands?.hydrateIslands();
    // The site components' loader (`client: true`): a <script> the router swaps in never runs by itself.
    const loader = document.querySelector<HTMLScriptElement>('script[data-component-loader]');
    if (loader) import(/* @vite-ignore */ loader.src).catch((error: unknown) => console.error('[docsgen]', error));
  });
  const start = (event: Event) => {
    if (isSearchUse(event)) return;
    for (const type of TRIGGERS) window.removeEventListener(type, start, true);
    loadIslands();
  };
  document.addEventListener('click', holdClick, true);
  for (const type of TRIGGERS) window.addEventListener(type, start, { capture: true, passive: true });
}
