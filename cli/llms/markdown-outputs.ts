import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.js';
import { DOC_CARD_LIST_COPY } from '../markdown/copy/clean-tree.js';
import { stringifyMarkdown } from '../markdown/copy/stringify-copy.js';
import { LLMS_FULL_TXT, LLMS_TXT, markdownCopyFile } from '../routes/markdown-copies.js';
import type { LazyFile } from '../search/cached-search-index.js';
import type { Route, SidebarItem } from '../types.js';
import type { SiteData } from '../../templates/site-data.js';
import { createCopyLinker, hasCopy, type CopyLinker } from './copy-links.js';
import { cardList, categoryCopy, homeCopy } from './generated-copies.js';
import { collectLlmsPages, writeLlmsFullTxt, writeLlmsTxt } from './llms-txt.js';
import { trimTrailingSlashes } from '../url-parts.js';

export interface MarkdownOutputsInput {
  routes: Route[];
  sidebars: ReadonlyMap<string, SidebarItem[]>;
  site: SiteData;
  config: SiteConfig;
}

/**
 * The Markdown outputs as lazy files: nothing is written out (or hashed)
 * unless the output asks for it, so `check`, which writes nothing, pays
 * nothing here. A page whose copy is not there (an API page before it has
 * one) is left out. The llms files list the latest docs version only (older
 * versions keep their copies).
 */
export function markdownOutputs(input: MarkdownOutputsInput): Map<string, LazyFile> {
  const { routes, site, config } = input;
  const files = new Map<string, LazyFile>();
  const linker = createCopyLinker(routes, trimTrailingSlashes(config.url), config.baseUrl);
  const copyOf = (route: Route) => routeCopy(route, input, linker);
  if (config.markdownPages) {
    for (const route of routes) {
      const file = hasCopy(route) ? markdownCopyFile(route) : undefined;
      if (!file) continue;
      files.set(file, lazyFile(() => copyOf(route)!));
    }
  }
  if (config.llmsTxt) {
    const latest = latestVersionRoutes(input);
    const pages = () => collectLlmsPages(latest.sidebars, linker, latest.routes.filter((r) => r.kind === 'api'));
    files.set(LLMS_TXT, lazyFile(() => writeLlmsTxt(site, pages(), linker)));
    files.set(LLMS_FULL_TXT, lazyFile(() => writeLlmsFullTxt(pages(), copyOf, linker)));
  }
  return files;
}

/** A page's copy: its compiled Markdown (with its doc cards), or made from the route (home, generated indexes). */
export function routeCopy(route: Route, input: MarkdownOutputsInput, linker: CopyLinker): string | undefined {
  if (route.kind === 'home') return homeCopy(input.site, input.config, firstSidebar(input), linker);
  if (route.kind === 'category' && route.categoryIndex) return categoryCopy(route, linker);
  const markdown = route.content?.markdown;
  if (markdown === undefined || !markdown.includes(DOC_CARD_LIST_COPY)) return markdown;
  const cards = route.docCards?.length ? stringifyMarkdown({ type: 'root', children: [cardList(route.docCards, linker)] }).trimEnd() : '';
  return markdown.split(DOC_CARD_LIST_COPY).join(cards);
}

/** The routes and sidebars of the latest docs version (the only one without versions). */
function latestVersionRoutes(input: MarkdownOutputsInput): { routes: Route[]; sidebars: SidebarItem[][] } {
  const latest = input.site.docsVersions?.find((v) => v.isLast)?.name;
  const routes = input.routes.filter((r) => !r.docsVersion || latest === undefined || r.docsVersion.name === latest);
  const names = new Set(routes.flatMap((r) => (r.sidebar ? [r.sidebar] : [])));
  return { routes, sidebars: [...input.sidebars].filter(([name]) => names.has(name)).map(([, items]) => items) };
}

/** The sidebar the home page's copy links into: the latest version's first. */
function firstSidebar(input: MarkdownOutputsInput): SidebarItem[] {
  return latestVersionRoutes(input).sidebars[0] ?? [];
}

/** A file made on first use, its key the hash of its contents. */
function lazyFile(make: () => string): LazyFile {
  let contents: string | undefined;
  const get = () => (contents ??= make());
  return {
    get key() {
      return createHash('sha256').update(get()).digest('hex');
    },
    contents: get,
  };
}
