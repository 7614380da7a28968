/**
 * Turns the raw request target into a path inside the served site, or null
 * when the request tries to leave it. Works on the raw `req.url` (before any
 * URL normalisation could fold `..` away) and refuses instead of repairing:
 * dot segments (also percent-encoded), encoded slashes and backslashes, NUL
 * bytes, empty segments (`//etc/passwd`) and anything not starting with `/`.
 */
export interface RequestPath {
  /** Decoded path without the leading slash, e.g. `docs/guides/` or `img/logo.svg`. */
  path: string;
  /** The query string with its `?`, or ''. */
  query: string;
}

const ENCODED_SEPARATOR = /%2f|%5c/i;

export function parseRequestPath(rawUrl: string | undefined): RequestPath | null {
  if (!rawUrl?.startsWith('/')) return null;
  const queryIndex = rawUrl.search(/[?#]/);
  const rawPath = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
  const query = queryIndex === -1 || rawUrl[queryIndex] === '#' ? '' : rawUrl.slice(queryIndex).split('#')[0];
  if (ENCODED_SEPARATOR.test(rawPath) || rawPath.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.slice(1).split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '..' || segment === '.') return null;
    // An empty segment is only allowed as the trailing slash.
    if (segment === '' && i !== segments.length - 1) return null;
    // A drive letter (`/C:/Windows`) is an absolute path on Windows.
    if (i === 0 && /^[a-z]:$/i.test(segment)) return null;
  }
  return { path: decoded.slice(1), query };
}
