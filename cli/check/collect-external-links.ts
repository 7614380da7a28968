import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ASSISTANT_URLS } from '../../templates/theme/PageActions.js';
import { lineColumnAt } from '../strings.js';
import type { LinkRef, Route } from '../types.js';
import type { ExternalLinkUse } from './external-links.js';
import type { PageRefs } from '../render/extract-html-refs.js';

const HTTP = /^https?:\/\//i;

/**
 * Every `http(s)` link of the rendered pages (their refs, entity-decoded),
 * placed where it is written: at its line in the page's Markdown when the
 * Markdown stage recorded it there (by its final URL, so `&amp;` or a
 * percent-encoded character in the source do not matter), otherwise in the
 * config, once, at the line that spells it when there is one (navbar,
 * footer: links the theme renders on every page). Links to the site itself
 * (`siteUrl`: canonical URLs, absolute self-links) are left out: they may
 * not be deployed yet, and the internal check covers them. Neither are the
 * page actions' links to AI assistants (a prompt per page).
 */
export function collectExternalLinks(
  pages: { route: Route; refs: PageRefs }[],
  options: { root: string; configFile: string; siteUrl: string },
): ExternalLinkUse[] {
  const { root, configFile } = options;
  const self = options.siteUrl.replace(/\/?$/, '/');
  const uses: ExternalLinkUse[] = [];
  const themeLinks = new Set<string>();
  let configSource: string | undefined;
  for (const { route, refs } of pages) {
    if (route.kind === 'redirect') continue;
    const written = route.file ? firstByHref(route.content?.links ?? []) : new Map<string, LinkRef>();
    for (const url of new Set(refs.refs.filter((ref) => HTTP.test(ref) && !(ref + '/').startsWith(self)))) {
      const link = written.get(url);
      if (link) uses.push({ url, route: route.path, file: route.file, line: link.line, column: link.column });
      else if (!themeLinks.has(url) && !isAssistantLink(url)) {
        themeLinks.add(url);
        configSource ??= readConfig(path.resolve(root, configFile));
        uses.push({ url, route: route.path, file: configFile, ...findInSource(configSource, url) });
      }
    }
  }
  return uses;
}

/** The page actions' "Open in ChatGPT/Claude" links, which the theme writes on every page: never requested. */
function isAssistantLink(url: string): boolean {
  return Object.values(ASSISTANT_URLS).some((prefix) => url.startsWith(prefix));
}

/** The first link the Markdown stage recorded for each final URL. */
function firstByHref(links: LinkRef[]): Map<string, LinkRef> {
  const byHref = new Map<string, LinkRef>();
  for (const link of links) if (!byHref.has(link.href)) byHref.set(link.href, link);
  return byHref;
}

/** The config's text (trusted code, already loaded by then), or '' when it cannot be read. */
function readConfig(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Where the config spells a URL, when it spells it whole (it may build it from parts). */
function findInSource(source: string, url: string): { line?: number; column?: number } {
  const index = source.indexOf(url);
  return index === -1 ? {} : lineColumnAt(source, index);
}
