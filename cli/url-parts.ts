/**
 * Trimming and splitting of URLs and paths, written as scans rather than
 * regular expressions: their input comes from content (link targets, slugs),
 * and patterns such as `/\/+$/` or `/[?#].*$/` backtrack quadratically on a
 * long run of slashes, or of `#`, that is not at the end.
 */

/** `value` without leading and trailing runs of `char`: `trimChar('//docs/', '/')` is `docs`. */
export function trimChar(value: string, char: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === char) start++;
  while (end > start && value[end - 1] === char) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** `/docs/api/` → `docs/api`. */
export function trimSlashes(value: string): string {
  return trimChar(value, '/');
}

/** `/docs/x//` → `/docs/x`. */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === '/') end--;
  return end === value.length ? value : value.slice(0, end);
}

/** The part of a URL before its query or hash: `/docs/x?a#b` → `/docs/x`. */
export function stripQueryAndHash(url: string): string {
  const index = url.search(/[?#]/);
  return index === -1 ? url : url.slice(0, index);
}

/** The clean route a URL path names: `/x/index.html`, `/x.html` and `/x/` are `/x`; an empty path is `/`. */
export function cleanRoutePath(pathname: string): string {
  return trimTrailingSlashes(pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '')) || '/';
}

/** Whether a path (without query or hash) names a Markdown file. */
export function isMarkdownPath(pathname: string): boolean {
  return /\.mdx?$/i.test(pathname);
}

/** A URL with a scheme (`https:`, `mailto:`, `data:`) or a protocol-relative one (`//host/x`): not a path of this site. */
export function isExternalUrl(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
}

/**
 * A site path (`/docs/x` or `docs/x`) with the baseUrl, added once, as
 * Docusaurus's `useBaseUrl` adds it to links and navbar items: a path that
 * already starts with the baseUrl (`/flash-list/docs/1.x/` under
 * `/flash-list/docs/`) keeps it as written, and the baseUrl without its
 * trailing slash is the baseUrl.
 */
export function addBaseUrl(baseUrl: string, pathname: string): string {
  if (baseUrl !== '/' && pathname.startsWith(baseUrl)) return pathname;
  if (baseUrl !== '/' && pathname === baseUrl.slice(0, -1)) return baseUrl;
  let start = 0;
  while (pathname[start] === '/') start++;
  return baseUrl + pathname.slice(start);
}
