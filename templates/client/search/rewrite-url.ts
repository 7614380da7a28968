/**
 * Where a hosted provider's hit should link: URLs matching `externalUrlRegex`
 * stay as they are; any other URL becomes a path on this site (its origin
 * dropped, the `baseUrl` added when the path does not already carry it).
 */
export function rewriteHitUrl(url: string, options: { baseUrl: string; externalUrlRegex?: string }): string {
  if (options.externalUrlRegex && new RegExp(options.externalUrlRegex).test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, 'https://invalid.invalid');
  } catch {
    return options.baseUrl;
  }
  const path = parsed.pathname + parsed.search + parsed.hash;
  const base = options.baseUrl;
  if (path.startsWith(base) || `${path}/` === base) return path;
  return base + path.replace(/^\//, '');
}
