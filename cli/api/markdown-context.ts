/**
 * The render context of an API page's Markdown copy: the same view builders
 * that make the HTML page run with it, and its "HTML" is Markdown. Prose stays
 * the TSDoc Markdown (headings flattened as on the page, links made
 * absolute), `@example` blocks stay fenced with their language, and every
 * link into the site is an absolute URL: a copy is read away from the site.
 */
import path from 'node:path';
import type { Link, Definition, Image, Root } from 'mdast';
import type { Processor } from 'unified';
import { toFencedBlock } from '../markdown/fenced-block.js';
import { isExternalUrl } from '../url-parts.js';
import { flattenHeadings } from './flatten-headings.js';
import type { ApiRenderContext } from './page-context.js';
import { toInlineCode } from './markdown-text.js';

/** Where the site is published: `https://example.com` and the site's `url()` (baseUrl + route). */
export interface SiteAddress {
  /** The config's `url` without a trailing slash. */
  origin: string;
  baseUrl: string;
  /** The route the pages' TSDoc text is compiled at (`/docs/api`): relative links resolve against it. */
  route: string;
  /** A site path with the baseUrl (`routeUrl`). */
  url(path: string): string;
}

/** The Markdown copy's render context for the page at `page` (a route: `/docs/api/classes/Camera`). */
export function createMarkdownContext(site: SiteAddress, page: string): ApiRenderContext {
  return {
    renderMarkdown: (markdown) => absolutizeLinks(flattenHeadings(markdown), site, page),
    highlight: (code, lang) => toFencedBlock(lang, '', code),
    url: (p) => site.origin + site.url(p),
    inlineCode: toInlineCode,
  };
}

/**
 * Links and images of a TSDoc text with absolute URLs: `#x` on the page
 * (`page`), `/docs/x` under the baseUrl, `./x` from the route the text is
 * compiled at (as the HTML page resolves them). Text without a link that needs it is
 * returned as it is; otherwise it is parsed and written back as Markdown.
 */
export async function absolutizeLinks(markdown: string, site: SiteAddress, page: string): Promise<string> {
  if (!mayHaveSiteLinks(markdown)) return markdown;
  const { processor, visit } = await loadMarkdownTools();
  const tree = processor.parse(markdown) as Root;
  let changed = false;
  visit(tree, ['link', 'image', 'definition'], (node) => {
    const target = node as Link | Image | Definition;
    const url = resolveUrl(target.url, site, page);
    if (url !== target.url) {
      target.url = url;
      changed = true;
    }
  });
  return changed ? String(processor.stringify(tree)).trimEnd() : markdown;
}

let markdownTools: Promise<{ processor: Processor; visit: typeof import('unist-util-visit').visit }> | undefined;

/**
 * unified's parser and serialiser, loaded on first use: only a cold API stage writes copies, and loading them with
 * the CLI would slow every command's start (a warm build never needs them).
 */
function loadMarkdownTools(): Promise<{ processor: Processor; visit: typeof import('unist-util-visit').visit }> {
  markdownTools ??= Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
    import('remark-stringify'),
    import('unist-util-visit'),
  ]).then(
    ([{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkStringify }, { visit }]) => ({
      processor: unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(remarkStringify, { bullet: '-', fences: true }) as unknown as Processor,
      visit,
    }),
  );
  return markdownTools;
}

/** Whether some `](` or `]:` of the text is not followed by an absolute URL: most TSDoc text is parsed for nothing otherwise. */
function mayHaveSiteLinks(markdown: string): boolean {
  for (const marker of ['](', ']:']) {
    for (let at = markdown.indexOf(marker); at !== -1; at = markdown.indexOf(marker, at + 2)) {
      const rest = markdown.slice(at + 2, at + 12).trimStart();
      if (!/^<?https?:\/\//.test(rest)) return true;
    }
  }
  return false;
}

function resolveUrl(url: string, site: SiteAddress, page: string): string {
  if (!url || isExternalUrl(url)) return url;
  if (url.startsWith('#')) return site.origin + site.url(page) + url;
  const pathname = url.startsWith('/') ? url : path.posix.join(path.posix.dirname(site.route), url);
  return site.origin + site.baseUrl + path.posix.normalize(pathname).replace(/^\/+/, '');
}
