/** The site's `baseUrl`, from `<html data-base-url>`. */
export function baseUrl(): string {
  return document.documentElement.dataset.baseUrl ?? '/';
}

/** `/docs/guides/index.html` and `/docs/guides.html` → `/docs/guides`; `/index.html` → `/` (baseUrl kept). */
export function normalizePath(pathname: string, base = '/'): string {
  if (!pathname.endsWith('.html')) return pathname;
  const clean = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (clean === base || clean === '/') return clean;
  return clean.replace(/\/$/, '');
}

/**
 * The clean URL of a page of this site that the client can load itself, or
 * null for other origins, paths outside baseUrl and files (`/img/logo.svg`).
 */
export function sitePageUrl(href: string, base = baseUrl()): URL | null {
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return null;
  }
  if (url.origin !== location.origin || !(url.pathname + '/').startsWith(base)) return null;
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (last.includes('.') && !last.endsWith('.html')) return null;
  url.pathname = normalizePath(url.pathname, base);
  return url;
}
