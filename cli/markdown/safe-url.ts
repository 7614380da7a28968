/** The schemes a URL in content may have; `javascript:`, `data:`, `vbscript:`, `file:` and every other one are removed. */
export const SAFE_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** A scheme as the URL parser reads one: a letter, then letters, digits, `+`, `-` or `.`, then a colon. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A URL as a browser reads it (WHATWG URL parsing): spaces and control
 * characters trimmed from both ends, tabs and newlines removed anywhere, the
 * scheme in lower case. `' JAVA\tSCRIPT:x'` becomes `'javascript:x'`.
 * Character references are already decoded in the tree (`&#x09;` is a tab).
 */
export function normalizeUrl(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  const url = value.slice(start, end).replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(url);
  return scheme ? scheme[0].toLowerCase() + url.slice(scheme[0].length) : url;
}

/** The URL's scheme in lower case (`https`), or undefined for a relative URL, a path, `#hash` or `?query`. */
export function schemeOf(url: string): string | undefined {
  return SCHEME.exec(normalizeUrl(url))?.[0].slice(0, -1).toLowerCase();
}

/** True for `http(s):` and `mailto:` URLs and for relative ones (`page`, `/path`, `#id`, `?q`, `//host/x`). */
export function isSafeUrl(value: string): boolean {
  const scheme = schemeOf(value);
  return scheme === undefined || SAFE_SCHEMES.includes(scheme);
}

/** The URLs of a `srcset` (`a.png 1x, b.png 2x`): the first word of each comma-separated candidate. */
export function srcsetUrls(value: string | readonly string[]): string[] {
  const candidates = typeof value === 'string' ? value.split(',') : value;
  return candidates.map((candidate) => candidate.trim().split(/\s/, 1)[0]).filter(Boolean);
}
