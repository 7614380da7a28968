/**
 * The search modal (lazy chunk, loaded on the first `docsgen:open-search`):
 * results as you type (once typing pauses), keyboard navigation, focus kept
 * inside while open and given back on close, recent searches and favourites.
 */
import { snippetWords, type HitSummary } from './hit-view.js';
import { loadSearch, type LoadedSearch } from './load-provider.js';
import { createModal, renderResults, renderStartScreen, type ModalElements } from './modal-view.js';
import { addFavorite, addRecent, favorites, removeFavorite, removeRecent, shownRecents } from './saved-searches.js';
import { createFetchError, createNoResults } from './search-screens.js';
import { TYPING_PAUSE_MS } from './typing-pause.js';

/** Pages listed in the dialog (the search page lists 20 at a time): each hit fetches the text of its section. */
const HITS = 10;
const FOCUSABLE = 'input, button, a[href], [tabindex]:not([tabindex="-1"])';

let view: ModalElements | undefined;
let settingsUrl: URL;
let loaded: LoadedSearch | undefined;
let returnFocus: HTMLElement | null = null;
let sequence = 0;
let active = -1;
/** The query waiting for typing to pause, and the search running, if any. */
let pause: ReturnType<typeof setTimeout> | undefined;
let running: AbortController | undefined;
/** Enter was pressed before the query had run: its first hit opens once shown. */
let chooseWhenShown = false;

/** Opens the modal (building it on first use) and focuses the search box, which starts with `typed`. */
export function openSearchModal(url: URL, typed = ''): void {
  settingsUrl = url;
  view ??= build();
  // A client-side navigation may have replaced the body the dialog lived in.
  if (!view.backdrop.isConnected) document.body.append(view.backdrop);
  if (!view.backdrop.hidden) return;
  returnFocus = document.activeElement as HTMLElement | null;
  view.backdrop.hidden = false;
  document.body.classList.add('search-modal-open');
  document.documentElement.dataset.searchOpen = '';
  view.input.value = typed.slice(0, view.input.maxLength);
  view.input.focus();
  document.addEventListener('keydown', onKeyDown);
  loadSearch(settingsUrl).then(
    (result) => (loaded = result),
    () => undefined,
  );
  // Characters typed while the modal's code loaded may be the start of a word the reader is still typing.
  searchWhenTypingPauses();
}

/** Closes the modal and puts focus back where it was. */
export function closeSearchModal(): void {
  if (!view || view.backdrop.hidden) return;
  view.backdrop.hidden = true;
  document.body.classList.remove('search-modal-open');
  delete document.documentElement.dataset.searchOpen;
  document.removeEventListener('keydown', onKeyDown);
  stopSearch();
  chooseWhenShown = false;
  view.form.removeAttribute('aria-busy');
  returnFocus?.focus?.();
  returnFocus = null;
}

function build(): ModalElements {
  const elements = createModal();
  elements.input.addEventListener('input', searchWhenTypingPauses);
  elements.form.addEventListener('submit', (event) => {
    event.preventDefault();
    choose();
  });
  elements.cancel.addEventListener('click', closeSearchModal);
  elements.backdrop.addEventListener('mousedown', (event) => {
    if (event.target === elements.backdrop) closeSearchModal();
  });
  window.addEventListener('docsgen:navigated', closeSearchModal);
  return elements;
}

const options = () => [...view!.body.querySelectorAll<HTMLElement>('[role="option"]')];

function setActive(index: number, scroll = false): void {
  const all = options();
  active = all.length ? (index + all.length) % all.length : -1;
  all.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
  const current = all[active];
  if (current) {
    view!.input.setAttribute('aria-activedescendant', current.id);
    if (scroll) current.scrollIntoView({ block: 'nearest' });
  } else view!.input.removeAttribute('aria-activedescendant');
}

/** Enter: open the active hit, or the search page with the query. */
function choose(): void {
  if (view!.form.hasAttribute('aria-busy')) {
    // The hits shown are an older query's: run this one now (no need to wait for a pause) and choose among its own.
    chooseWhenShown = true;
    if (pause !== undefined) void update();
    return;
  }
  const link = options()[active]?.querySelector<HTMLAnchorElement>('a.search-hit');
  if (link) link.click();
  else if (view!.input.value.trim()) {
    const query = view!.input.value.trim();
    closeSearchModal();
    window.location.assign(allResultsUrl(query));
  }
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    closeSearchModal();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    setActive(active + (event.key === 'ArrowDown' ? 1 : -1), true);
  } else if (event.key === 'Tab') {
    const focusable = [...view!.dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (node) => node.offsetParent !== null || node === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!view!.dialog.contains(document.activeElement)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }
}

function allResultsUrl(query: string): string {
  const base = loaded?.settings.searchPageUrl ?? new URL('.', settingsUrl).pathname.replace(/\/$/, '');
  return `${base}?q=${encodeURIComponent(query)}`;
}

function opened(hit: HitSummary): void {
  addRecent({ url: hit.url, group: hit.group, pageTitle: hit.pageTitle, heading: hit.heading });
  closeSearchModal();
}

function showStart(): void {
  const after = (change: () => void) => {
    change();
    showStart();
    view!.input.focus();
  };
  renderStartScreen(view!.body, shownRecents(), favorites(), {
    favorite: (hit) => after(() => addFavorite(hit)),
    removeRecent: (hit) => after(() => removeRecent(hit.url)),
    removeFavorite: (hit) => after(() => removeFavorite(hit.url)),
    opened,
  });
  setActive(-1);
}

/** Drops the query waiting for a pause and stops the search running: its answer would be shown no more. */
function stopSearch(): void {
  clearTimeout(pause);
  pause = undefined;
  running?.abort();
  running = undefined;
  sequence++;
}

/**
 * Searches once the reader stops typing (the box busy meanwhile): a word typed letter by letter is searched
 * whole, and its first letters fetch nothing. A cleared box shows the start screen at once.
 */
function searchWhenTypingPauses(): void {
  stopSearch();
  chooseWhenShown = false;
  if (!view!.input.value.trim()) return void update();
  view!.form.setAttribute('aria-busy', 'true');
  pause = setTimeout(() => void update(), TYPING_PAUSE_MS);
}

/** Runs the query in the box and shows results, no results or the error screen; late answers are dropped. */
async function update(): Promise<void> {
  const { input, body, form } = view!;
  const query = input.value.trim();
  stopSearch();
  const run = sequence;
  if (!query) {
    form.removeAttribute('aria-busy');
    showStart();
    return;
  }
  form.setAttribute('aria-busy', 'true');
  const controller = (running = new AbortController());
  try {
    const search = await loadSearch(settingsUrl);
    const results = await search.provider.search(query, {
      page: 0,
      hitsPerPage: HITS,
      snippetWords: snippetWords(),
      signal: controller.signal,
    });
    if (run !== sequence) return;
    if (results.hits.length === 0) {
      body.replaceChildren(
        createNoResults(query, search.settings, (text) => ((input.value = text), void update(), input.focus())),
      );
    } else {
      renderResults(body, results.hits, results.total, allResultsUrl(query), opened);
    }
  } catch (error) {
    if (run !== sequence) return;
    console.warn('[docsgen] search failed', error);
    body.replaceChildren(createFetchError());
  }
  form.removeAttribute('aria-busy');
  setActive(body.querySelector('[role="option"]') ? 0 : -1);
  if (chooseWhenShown) {
    chooseWhenShown = false;
    choose();
  }
}
