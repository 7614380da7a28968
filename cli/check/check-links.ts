import type { SiteConfig } from '../config/schema.js';
import { withSeverity } from '../diagnostics.js';
import { routeUrl } from '../route-text.js';
import type { Diagnostic, LinkRef, Route } from '../types.js';
import { cleanRoutePath, isExternalUrl, isMarkdownPath, stripQueryAndHash, trimTrailingSlashes } from '../url-parts.js';
import type { PageRefs } from '../render/extract-html-refs.js';
import { hashOf } from '../cache/disk-cache.js';
import type { CheckState, PageCheck, Target, TargetResolver } from './check-state.js';
import type { ConfigLinkPlace } from './config-link-places.js';

export interface CheckInput {
  config: Pick<SiteConfig, 'baseUrl' | 'onBrokenLinks' | 'onBrokenAnchors'>;
  /** Each rendered route with the refs read from its HTML; `shared` refs (a sidebar) are shown on that route among others, and its ids are not theirs. */
  pages: { route: Route; refs: PageRefs; shared?: boolean }[];
  /** Output files that are not pages (public files, assets), relative to the out dir. */
  files: Set<string>;
  /**
   * The previous check's results, updated in place: a page whose refs and
   * whose targets (each target page's ids, each file's presence) are as they
   * were is not checked again (check-state.ts).
   */
  state?: CheckState;
  /** Where the config spells each link of the navbar, footer and sidebars, by href: a broken one is reported there. */
  configLinks?: ReadonlyMap<string, ConfigLinkPlace>;
}

/**
 * Resolves every internal href and src of every rendered page against the
 * route table and the output files, and every `#anchor` against the ids of
 * the target page's HTML. Problems found in content point at the source line;
 * problems in the theme (navbar, footer, sidebar) are reported once, at the
 * place in the config that spells the link when it is known.
 */
export function checkLinks({ config, pages, files, state, configLinks = new Map() }: CheckInput): Diagnostic[] {
  const idsByPath = new Map<string, Set<string>>();
  for (const { route, refs, shared } of pages) if (!shared) idsByPath.set(route.path, refs.ids);
  const resolver = createTargetResolver(config.baseUrl, idsByPath, files);
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  const changed = state?.changedTargets(resolver);
  for (const page of pages) {
    if (page.route.kind === 'redirect') continue;
    const id = page.shared ? `sidebar:${page.route.path}` : page.route.path;
    const inputKey = state ? pageInputKey(page) : '';
    const result = state?.reuse(id, inputKey, changed!) ?? checkPage(page, config, resolver, configLinks);
    state?.record(id, inputKey, result, resolver);
    // One by one: a page can have a hundred thousand broken links, too many to spread into arguments.
    for (const diagnostic of result.diagnostics) diagnostics.push(diagnostic);
    for (const [key, diagnostic] of result.theme) {
      if (reported.has(key)) continue;
      reported.add(key);
      diagnostics.push(diagnostic);
    }
  }
  return diagnostics;
}

/** Everything a page's check reads besides its targets: the same key, the same result while they stay. */
function pageInputKey({ route, refs }: { route: Route; refs: PageRefs }): string {
  return hashOf(
    route.path,
    route.kind,
    route.file ?? null,
    refs.refs,
    route.content?.links ?? null,
    placesReportedByMarkdown(route),
  );
}

/**
 * Rules the Markdown stage reports at a link's or an image's place (a broken
 * .md link; an image or source that is missing, not allowed, or not what it
 * should be by its bytes): the link checker says nothing more there.
 */
export const REPORTED_AT_REFERENCE: ReadonlySet<string> = new Set([
  'broken-markdown-link',
  'missing-image',
  'file-outside-root',
  'file-outside-content',
  'not-an-image',
  'not-audio-or-video',
  'unsafe-svg',
  'file-too-large',
]);

/** Places (`line:column`) the Markdown stage already reported (REPORTED_AT_REFERENCE): not reported twice. */
function placesReportedByMarkdown(route: Route): string[] {
  return (route.content?.diagnostics ?? [])
    .filter((d) => REPORTED_AT_REFERENCE.has(d.rule))
    .map((d) => `${d.line}:${d.column}`);
}

/** Checks one page's refs. */
function checkPage(
  { route, refs }: { route: Route; refs: PageRefs },
  config: CheckInput['config'],
  resolver: TargetResolver,
  configLinks: ReadonlyMap<string, ConfigLinkPlace>,
): PageCheck {
  const base = config.baseUrl;
  const pageUrl = routeUrl(base, route.path);
  const result: PageCheck = { diagnostics: [], theme: [], targets: [] };
  const targets = new Set<string>();
  const reported = new Set<string>();
  const reportedByMarkdown = new Set(placesReportedByMarkdown(route));
  const findSource = indexLinks(route.content?.links ?? []);
  for (const ref of refs.refs) {
    // Unresolved `.md` links are reported by the Markdown stage (broken-markdown-link).
    if (!ref || isExternalUrl(ref) || isMarkdownPath(stripQueryAndHash(ref))) continue;
    const absolute = ref.startsWith('#') ? pageUrl + ref : ref.startsWith('/') ? ref : resolveRelative(ref, pageUrl);
    const hashIndex = absolute.indexOf('#');
    const pathname = stripQuery(hashIndex === -1 ? absolute : absolute.slice(0, hashIndex));
    const anchor = hashIndex === -1 ? '' : safeDecode(absolute.slice(hashIndex + 1));
    targets.add(pathname);
    const target = resolver.resolve(pathname);
    const source = findSource(ref);
    const spelled = source ? undefined : configLinks.get(ref);
    const place = source
      ? { file: route.file, line: source.line, column: source.column }
      : spelled
        ? { file: spelled.file, line: spelled.line, column: spelled.column }
        : {};
    // Where the message says the link is: nothing more for content (the place says it), the theme's part for the config, else the route.
    const on = source ? '' : spelled ? `in ${spelled.where} ` : `on ${route.path} `;
    const key = source ? `${ref}|${source.line}` : `theme|${ref}`;
    if (reported.has(key) || (source && reportedByMarkdown.has(`${source.line}:${source.column}`))) continue;
    let found: Diagnostic | null;
    if (target === null) {
      found = withSeverity(
        {
          rule: 'broken-link',
          message: `broken link ${on}→ ${ref}`,
          ...place,
          route: route.path,
          target: ref,
          hint: source
            ? 'no page or file has this path; fix the link or create the page'
            : spelled
              ? `no page or file has this path; fix the link in ${spelled.file} or create the page`
              : 'this link comes from the config (navbar, footer or sidebar)',
        },
        config.onBrokenLinks,
      );
    } else if (anchor && target !== 'file' && !target.has(anchor)) {
      found = withSeverity(
        {
          rule: 'broken-anchor',
          message: `broken anchor ${on}→ ${ref}: the target page has no element with id '${anchor}'`,
          ...place,
          route: route.path,
          target: ref,
          hint: 'link to an existing heading id (lower case, as shown in the page URL when you click a heading)',
        },
        config.onBrokenAnchors,
      );
    } else continue;
    reported.add(key);
    if (!found) continue;
    if (source) result.diagnostics.push(found);
    else result.theme.push([key, found]);
  }
  result.targets = [...targets];
  return result;
}

/**
 * The Markdown link a rendered ref came from: the first whose final href is
 * the ref (or, for an in-page `#anchor`, whose written URL is). A lookup in
 * maps: a page can have a hundred thousand links, and a search through all
 * of them for each one would take hours.
 */
function indexLinks(links: LinkRef[]): (ref: string) => LinkRef | undefined {
  const byHref = new Map<string, number>();
  const byUrl = new Map<string, number>();
  links.forEach((link, index) => {
    if (!byHref.has(link.href)) byHref.set(link.href, index);
    if (!byUrl.has(link.url)) byUrl.set(link.url, index);
  });
  return (ref) => {
    const first = Math.min(byHref.get(ref) ?? Infinity, ref.startsWith('#') ? (byUrl.get(ref) ?? Infinity) : Infinity);
    return first === Infinity ? undefined : links[first];
  };
}

/** Resolves link paths, each distinct one once per check (the navbar's links are on every page). */
function createTargetResolver(base: string, idsByPath: Map<string, Set<string>>, files: Set<string>): TargetResolver {
  const resolved = new Map<string, Target>();
  return {
    resolve(pathname) {
      let target = resolved.get(pathname);
      if (target === undefined) resolved.set(pathname, (target = resolveTarget(pathname, base, idsByPath, files)));
      return target;
    },
  };
}

function resolveTarget(
  pathname: string,
  base: string,
  idsByPath: Map<string, Set<string>>,
  files: Set<string>,
): Target {
  const decoded = safeDecode(pathname);
  if (!decoded.startsWith(base) && decoded + '/' !== base) return null;
  const rest = decoded.slice(base.length);
  const file = trimTrailingSlashes(rest);
  if (file && files.has(file)) return 'file';
  // A route as written, too: one ending in `.html` is refused (route-text.ts) but still built, and its own links must not echo that error.
  return idsByPath.get(cleanRoutePath('/' + rest)) ?? idsByPath.get('/' + trimTrailingSlashes(rest)) ?? null;
}

/** A relative URL (`clip.mp4`, `../x`, `?q`) as the browser resolves it on the page, as a path with its query and hash. */
function resolveRelative(ref: string, pageUrl: string): string {
  const url = new URL(ref, `http://site.invalid${pageUrl}`);
  return url.pathname + url.search + url.hash;
}

function stripQuery(value: string): string {
  const index = value.indexOf('?');
  return index === -1 ? value : value.slice(0, index);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
