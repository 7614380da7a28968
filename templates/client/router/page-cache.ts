/** How many pages' HTML the client keeps (SPEC: route cache limit). */
export const PAGE_CACHE_LIMIT = 10_000;

export type FetchPage = (path: string) => Promise<string>;

/** Fetches a page's HTML; anything but a 2xx HTML response is a failure. */
export const fetchPage: FetchPage = async (path) => {
  const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) {
    throw new Error(`could not load ${path}: HTTP ${response.status}`);
  }
  return response.text();
};

/**
 * Page HTML by path, shared by prefetching and navigation. Bounded: past
 * `limit` entries the oldest is dropped. Failed loads are not kept, so the
 * next attempt fetches again.
 */
export function createPageCache(limit = PAGE_CACHE_LIMIT, fetcher: FetchPage = fetchPage) {
  const pages = new Map<string, Promise<string>>();
  return {
    load(path: string): Promise<string> {
      let page = pages.get(path);
      if (!page) {
        page = fetcher(path);
        pages.set(path, page);
        page.catch(() => pages.delete(path));
        while (pages.size > limit) pages.delete(pages.keys().next().value as string);
      }
      return page;
    },
    has: (path: string) => pages.has(path),
    get size() {
      return pages.size;
    },
  };
}

/** The one cache the router and the prefetcher share. */
export const pageCache = createPageCache();
