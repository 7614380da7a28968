/**
 * What text may become part of a page's route, and how a route is written in
 * an href. A route is kept as readable text (`/docs/guides/café`): it names the
 * output file (`docs/guides/café/index.html`) and is percent-encoded only
 * where it becomes a URL. That only works when the mapping is one to one, so
 * the characters that would make a URL mean something else are refused before
 * a route is made from them: `%` (one URL could then name two pages, and
 * `%2e%2e` is `..` to a browser), `#` and `?` (they end the path), `\` (a
 * separator on Windows and to browsers), control characters, unpaired
 * surrogates (no URL can carry them), `.`/`..` segments (they climb out
 * of the page's folder, onto another page), and a last segment ending in
 * `.html`: a page is written to `<route>/index.html` and linked as `<route>`,
 * and links to `x.html` or `x/index.html` are read as links to `x` (the way
 * static hosts serve them), so such a route would name a page no link reaches.
 */

/** Said with every refusal of an `id`, a `slug` or a file name. */
export const ROUTE_TEXT_HINT =
  'ids, slugs and file names become URL paths: use letters (any script), digits, spaces, - and _ (and / in slugs), with no .html ending; docsgen percent-encodes them itself';

const URL_SYNTAX = /[%#?\\]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text cannot be part of a route, or undefined when it can. Checks every `/`-separated segment. */
export function findRouteTextProblem(text: string): string | undefined {
  const syntax = URL_SYNTAX.exec(text);
  if (syntax) return `contains '${syntax[0]}', which cannot be part of a page URL`;
  const control = CONTROL.exec(text);
  if (control)
    return `contains the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate, which no URL can carry';
  const segments = text.split('/');
  if (segments.includes('..')) return "must not contain '..' segments";
  if (segments.includes('.')) return "must not contain '.' segments";
  return findFileNameEnding(text);
}

/** Why a route's last segment reads as a file name (`index.html`, `x.html`), or undefined. */
function findFileNameEnding(text: string): string | undefined {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  const slash = text.lastIndexOf('/', end - 1);
  const last = text.slice(slash + 1, end);
  if (!last.toLowerCase().endsWith('.html')) return undefined;
  const ending = last.toLowerCase() === 'index.html' ? (slash === -1 ? last : '/' + last) : last.slice(-'.html'.length);
  return `ends in '${ending}', which names a file: docsgen writes each page to <its route>/index.html itself and links to it as <its route>; leave '${ending}' out`;
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
