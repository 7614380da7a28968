/**
 * What text may become part of a page's route, and how a route is written in
 * an href. A route is kept as readable text (`/docs/guides/café`): it names the
 * output file (`docs/guides/café/index.html`) and is percent-encoded only
 * where it becomes a URL. That only works when the mapping is one to one, so
 * the characters that would make a URL mean something else are refused before
 * a route is made from them: `%` (one URL could then name two pages, and
 * `%2e%2e` is `..` to a browser), `#` and `?` (they end the path), `\` (a
 * separator on Windows and to browsers), control characters, unpaired
 * surrogates (no URL can carry them), and `.`/`..` segments (they climb out
 * of the page's folder, onto another page).
 */

/** Said with every refusal of an `id`, a `slug` or a file name. */
export const ROUTE_TEXT_HINT = 'ids, slugs and file names become URL paths: use letters (any script), digits, spaces, - and _ (and / in slugs); docsgen percent-encodes them itself';

const URL_SYNTAX = /[%#?\\]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text cannot be part of a route, or undefined when it can. Checks every `/`-separated segment. */
export function findRouteTextProblem(text: string): string | undefined {
  const syntax = URL_SYNTAX.exec(text);
  if (syntax) return `contains '${syntax[0]}', which cannot be part of a page URL`;
  const control = CONTROL.exec(text);
  if (control) return `contains the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate, which no URL can carry';
  const segments = text.split('/');
  if (segments.includes('..')) return "must not contain '..' segments";
  if (segments.includes('.')) return "must not contain '.' segments";
  return undefined;
}

/** Why this text cannot be a doc `id` (one path segment), or undefined. */
export function findIdProblem(id: string): string | undefined {
  if (/[/\\]/.test(id)) return 'must not contain slashes';
  if (id.trim() === '') return 'must not be empty';
  return findRouteTextProblem(id);
}

/** Characters an href path keeps as they are (RFC 3986 `pchar` and `/`); everything else is percent-encoded as UTF-8. */
const NEEDS_ENCODING = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu;

/** A route (or any path of readable text) as written in an href: `/docs/guides/a b` → `/docs/guides/a%20b`. */
export function encodeRoutePath(route: string): string {
  return route.replace(NEEDS_ENCODING, (c) => (LONE_SURROGATE.test(c) ? '%EF%BF%BD' : encodeURIComponent(c)));
}

/** The URL of a route under the site's baseUrl: `('/base/', '/docs/café')` → `/base/docs/caf%C3%A9`. */
export function routeUrl(baseUrl: string, route: string): string {
  return baseUrl + encodeRoutePath(route.replace(/^\/+/, ''));
}
