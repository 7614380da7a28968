/**
 * The `/search?q=` page: full results, 20 per page, the query and page kept in
 * the URL (so a result list can be linked, reloaded and walked with
 * back/forward). Without JavaScript the page is a plain GET form.
 */
import { createHitLink, element, snippetWords } from './hit-view.js';
import { loadSearch } from './load-provider.js';
import { createFetchError, createNoResults } from './search-screens.js';
import { TYPING_PAUSE_MS } from './typing-pause.js';

const HITS_PER_PAGE = 20;
const started = new WeakSet<Element>();

/** Wires the search page in the current document (again after a client-side navigation). */
export function startSearchPage(settingsUrl: URL): void {
  const root = document.querySelector<HTMLElement>('.search-page');
  const form = root?.querySelector<HTMLFormElement>('.search-page-form');
  const input = root?.querySelector<HTMLInputElement>('input[name="q"]');
  const results = root?.querySelector<HTMLElement>('.search-page-results');
  const title = root?.querySelector<HTMLElement>('h1');
  if (!root || !form || !input || !results || started.has(root)) return;
  started.add(root);
  // The heading without a query (its text may already name the URL's query: see SearchPage's inline script).
  const defaultTitle = title?.dataset.title ?? title?.textContent ?? '';
  const pageTitle = document.title;
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;
  /** Drops the search running (the reader typed on): it fetches nothing more and its answer is not shown. */
  const stop = () => {
    running?.abort();
    running = undefined;
    sequence++;
  };

  const readUrl = () => {
    const params = new URLSearchParams(window.location.search);
    return {
      query: (params.get('q') ?? '').slice(0, input.maxLength > 0 ? input.maxLength : 64),
      page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    };
  };
  const urlFor = (query: string, page: number) => {
    const params = new URLSearchParams();
    if (query) params.set('q', query);
    if (page > 1) params.set('page', String(page));
    const search = params.toString();
    return window.location.pathname + (search ? `?${search}` : '');
  };
  const go = (query: string, page: number, mode: 'push' | 'replace') => {
    const url = urlFor(query, page);
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    void show(query, page);
  };

  const show = async (query: string, page: number): Promise<void> => {
    stop();
    const run = sequence;
    // The page's inline script has already titled it for the URL's query: the same text is left as it is.
    const heading = query ? `Search results for "${query}"` : defaultTitle;
    if (title && title.textContent !== heading) title.textContent = heading;
    root.toggleAttribute('data-query', Boolean(query));
    document.title = query ? `${query} - ${pageTitle}` : pageTitle;
    if (!query) {
      results.replaceChildren();
      results.removeAttribute('aria-busy');
      return;
    }
    results.setAttribute('aria-busy', 'true');
    const controller = (running = new AbortController());
    try {
      const search = await loadSearch(settingsUrl);
      const found = await search.provider.search(query, {
        page: page - 1,
        hitsPerPage: HITS_PER_PAGE,
        snippetWords: snippetWords(),
        signal: controller.signal,
      });
      if (run !== sequence) return;
      if (found.total === 0) {
        results.replaceChildren(
          createNoResults(query, search.settings, (text) => ((input.value = text), go(text, 1, 'push'))),
        );
      } else {
        const list = element('ol', 'search-page-list');
        list.start = found.page * HITS_PER_PAGE + 1;
        for (const hit of found.hits) {
          const item = element('li', 'search-page-item');
          item.append(createHitLink(hit));
          list.append(item);
        }
        results.replaceChildren(
          element('p', 'search-page-count', found.total === 1 ? '1 result' : `${found.total} results`),
          list,
          pagination(query, found.page + 1, found.pages),
        );
      }
    } catch (error) {
      if (run !== sequence) return;
      console.warn('[docsgen] search failed', error);
      results.replaceChildren(createFetchError());
    }
    results.removeAttribute('aria-busy');
  };

  /** Previous / page X of Y / Next, as real links the script follows without reloading. */
  const pagination = (query: string, page: number, pages: number): HTMLElement => {
    const nav = element('nav', 'search-page-pagination');
    nav.setAttribute('aria-label', 'Search result pages');
    if (pages <= 1) return nav;
    const link = (label: string, target: number, rel: string) => {
      const anchor = element('a', `search-page-${rel}`, label);
      anchor.href = urlFor(query, target);
      anchor.rel = rel;
      anchor.addEventListener('click', (event) => {
        event.preventDefault();
        go(query, target, 'push');
        window.scrollTo({ top: 0 });
      });
      return anchor;
    };
    if (page > 1) nav.append(link('Previous', page - 1, 'prev'));
    nav.append(element('span', 'search-page-position', `Page ${page} of ${pages}`));
    if (page < pages) nav.append(link('Next', page + 1, 'next'));
    return nav;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    go(input.value.trim(), 1, 'push');
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    stop();
    timer = setTimeout(() => go(input.value.trim(), 1, 'replace'), TYPING_PAUSE_MS);
  });
  window.addEventListener('popstate', () => {
    if (!root.isConnected) return;
    const state = readUrl();
    input.value = state.query;
    void show(state.query, state.page);
  });
  // This code loads after the page: what the reader typed meanwhile is their query, not the URL's (no input event
  // reached the listener above for it).
  const initial = readUrl();
  const typed = input.value.trim();
  if (typed && typed !== initial.query) {
    go(typed, 1, 'replace');
    return;
  }
  input.value = initial.query;
  // The URL's search starts after the page's first paint: its fetching and ranking would otherwise hold back the
  // heading and the form the reader sees first.
  afterNextPaint(() => {
    if (input.value.trim() === initial.query.trim()) void show(initial.query, initial.page);
  });
}

/** Runs `task` once the browser has painted the next frame. */
function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
