/**
 * What the site's config tells the Docusaurus shims: the bundler replaces
 * `__DOCSGEN_SITE__` with this object (cli/components/bundle-components.ts,
 * for the server bundle and the browser one alike), so a component reads the
 * same values on both sides and its markup hydrates unchanged.
 */
export interface SiteInfo {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
}

declare const __DOCSGEN_SITE__: SiteInfo;

/** The site's values; a bundle made without them (a bug of docsgen's) says so rather than guess a base URL. */
export function siteInfo(): SiteInfo {
  if (typeof __DOCSGEN_SITE__ === 'undefined')
    throw new Error("docsgen bundled a Docusaurus module without the site's values (siteDefine)");
  return __DOCSGEN_SITE__;
}

/** True for a URL that leaves the site: a scheme (`https:`, `mailto:`) or a protocol-relative `//host`. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** A site path with the base URL put before it, as Docusaurus's useBaseUrl does; other URLs as they are. */
export function withBaseUrl(url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}): string {
  const { baseUrl, url: siteUrl } = siteInfo();
  if (!url || isExternal(url) || url.startsWith('#')) return url;
  if (!options.forcePrependBaseUrl && url.startsWith(baseUrl)) return options.absolute ? siteUrl + url : url;
  const path = url.startsWith('/') ? baseUrl + url.slice(1) : baseUrl + url;
  return options.absolute ? siteUrl.replace(/\/$/, '') + path : path;
}
