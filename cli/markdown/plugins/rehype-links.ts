import path from 'node:path';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import type { MediaUse } from '../../files/media-type.js';
import { encodeRoutePath, routeUrl } from '../../route-text.js';
import type { LinkRef } from '../../types.js';
import { addBaseUrl, isExternalUrl, isMarkdownPath } from '../../url-parts.js';
import { toString as textOf } from 'hast-util-to-string';
import { normalizeUrl, pluginSchemeOf } from '../safe-url.js';
import { contentFoldersOf, rewriteMediaUrl, safeDecode, splitUrl, withBase, type MediaContext } from './link-media.js';
import { visitElements } from './visit-elements.js';

export interface LinkContext {
  /** Absolute path of the file being compiled. */
  filePath: string;
  /** Path of the file relative to the docs folder (`guides/x.mdx`). */
  docPath: string;
  /** Clean route of the page (`/docs/guides/x`), without baseUrl. */
  route: string;
  baseUrl: string;
  /** The site root, absolute: content reads nothing outside it. */
  root: string;
  /** The static folders, absolute, in order: a site path (`/img/x.png`) names the first one's file that exists. */
  staticDirs: string[];
  /** Docs folder path relative to the site root, e.g. `content/docs`. */
  docsDirFromRoot: string;
  /** Doc file path (relative to the docs folder) → route. */
  docRoutes: ReadonlyMap<string, string>;
}

/**
 * Attributes that name a file the page shows or plays, besides `<img src>`
 * (hast property names): each local one is read, checked by its bytes and
 * published like an image (link-media.ts). A `source` with `src` is a video
 * or audio source; with `srcset`, a picture's image.
 */
const MEDIA_URLS: ReadonlyMap<string, readonly (readonly [string, MediaUse])[]> = new Map([
  ['img', [['srcSet', 'image']]],
  [
    'source',
    [
      ['src', 'media'],
      ['srcSet', 'image'],
    ],
  ],
  [
    'video',
    [
      ['src', 'media'],
      ['poster', 'image'],
    ],
  ],
  ['audio', [['src', 'media']]],
]);

/**
 * URL attributes the link checker reads (cli/render/extract-html-refs.ts) that
 * name no file docsgen reads: recorded as they are, so a broken one is
 * reported at its line, not blamed on the config. hast property names.
 */
const OTHER_URLS: ReadonlyMap<string, readonly string[]> = new Map([
  ['track', ['src']],
  ['iframe', ['src']],
]);

/**
 * Rewrites links and image sources to their final URLs (baseUrl applied,
 * `.md`/`.mdx` file links turned into routes, local images copied as
 * assets) and records each one with its position for the link checker,
 * external ones included (`check --external` places them by it). Records
 * too what the output depends on besides the page itself: the images read
 * (`reads`) and the doc paths looked up in the route table (`lookups`).
 */
export function rehypeLinks(ctx: LinkContext) {
  return (tree: Root, file: VFile) => {
    const links: LinkRef[] = [];
    const media: MediaContext = {
      filePath: ctx.filePath,
      baseUrl: ctx.baseUrl,
      staticDirs: ctx.staticDirs,
      folders: contentFoldersOf(ctx),
      assets: {},
      reads: [],
    };
    const lookups = new Map<string, string | null>();
    visitElements(tree, (node) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        // Read as a browser reads it: ` JAVA\tSCRIPT:x` is a `javascript:` URL (which the sanitiser removes), not a path.
        const url = normalizeUrl(node.properties.href);
        const isHashLink = (node.properties.className as string[] | undefined)?.includes('hash-link');
        if (url.startsWith('#')) {
          // In-page anchors stay relative; the checker sees them resolved.
          if (!isHashLink) links.push(place({ url, href: routeUrl(ctx.baseUrl, ctx.route) + url, kind: 'link' }, node));
          return;
        }
        if (pluginSchemeOf(url)) return reportPluginLink(node, url, file);
        const href = rewriteLink(url, node, ctx, file, lookups);
        node.properties.href = href;
        if (/^https?:/i.test(href)) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
        links.push(place({ url, href, kind: 'link' }, node));
      }
      if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        const url = normalizeUrl(node.properties.src);
        const src = rewriteMediaUrl(url, 'image', node, media, file, true);
        node.properties.src = src;
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        if (!src.startsWith('data:')) links.push(place({ url, href: src, kind: 'image' }, node));
      }
      for (const [name, use] of MEDIA_URLS.get(node.tagName) ?? [])
        rewriteMediaAttribute(node, name, use, media, file, links);
      for (const name of OTHER_URLS.get(node.tagName) ?? []) {
        // MDX keeps a JSX attribute's spelling (`srcset` or `srcSet`); the sanitiser, later, settles on hast's.
        const value = node.properties[name] ?? node.properties[name.toLowerCase()];
        if (value === undefined || value === null || typeof value === 'boolean') continue;
        const url = String(value);
        if (!url.startsWith('data:')) links.push(place({ url, href: url, kind: 'link' }, node));
      }
    });
    file.data.links = links;
    file.data.assets = media.assets;
    // After the files MDX imported (mdx-imports.ts).
    file.data.reads = [...(file.data.reads ?? []), ...media.reads];
    file.data.lookups = [...lookups];
  };
}

/**
 * A link whose scheme is no URL (`[params](docblock://createReducer.ts?token=x)`):
 * a remark plugin of a Docusaurus site replaced it with content (a table of
 * parameters, a signature) that this page does not have. An error at the link,
 * never a page that silently shows a word where the content was; the link keeps
 * its text, without the href (so the sanitiser does not report it again).
 */
function reportPluginLink(node: Element, url: string, file: VFile): void {
  const scheme = pluginSchemeOf(url)!;
  const text = textOf(node).trim();
  const shownText = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  const shownUrl = url.length > 80 ? `${url.slice(0, 79)}…` : url;
  const message = file.message(
    `the link${shownText ? ` '${shownText}'` : ''} points to ${shownUrl}: '${scheme}:' is not a URL scheme, so its target is unsupported and the content a plugin made of it is missing from this page`,
    node.position,
  );
  message.ruleId = 'unsupported-link';
  message.fatal = true;
  message.note = `docsgen runs no remark plugins: write the content the '${scheme}:' plugin produced (a table, a signature, a code sample) in place of the link, or link to a page or an http(s) URL holding it`;
  delete node.properties.href;
}

function place(link: LinkRef, node: Element): LinkRef {
  return { ...link, line: node.position?.start.line, column: node.position?.start.column };
}

/**
 * Rewrites one media attribute (a URL, or each candidate of a `srcset`) to
 * where its file is published, recording each URL for the link checker.
 */
function rewriteMediaAttribute(
  node: Element,
  name: string,
  use: MediaUse,
  media: MediaContext,
  file: VFile,
  links: LinkRef[],
): void {
  // MDX keeps a JSX attribute's spelling (`srcset` or `srcSet`); the sanitiser, later, settles on hast's.
  const key = name in node.properties ? name : name.toLowerCase();
  const value = node.properties[key];
  if (value === undefined || value === null || typeof value === 'boolean') return;
  const rewrite = (written: string) => {
    const url = normalizeUrl(written);
    if (url.startsWith('data:')) return written;
    const href = rewriteMediaUrl(url, use, node, media, file);
    links.push(place({ url, href, kind: 'image' }, node));
    return href;
  };
  if (name !== 'srcSet') {
    node.properties[key] = rewrite(String(value));
    return;
  }
  // Each candidate is a URL and an optional descriptor (`shot.png 2x`).
  const candidates = (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((candidate) => {
    const trimmed = candidate.trim();
    const end = trimmed.search(/\s/);
    const url = end === -1 ? trimmed : trimmed.slice(0, end);
    return url ? rewrite(url) + (end === -1 ? '' : trimmed.slice(end)) : trimmed;
  });
  node.properties[key] = Array.isArray(value) ? candidates : candidates.join(', ');
}

function rewriteLink(
  url: string,
  node: Element,
  ctx: LinkContext,
  file: VFile,
  lookups: Map<string, string | null>,
): string {
  if (isExternalUrl(url)) return url;
  const { pathname, suffix } = splitUrl(url);
  if (isMarkdownPath(pathname)) {
    const route = resolveMarkdownLink(pathname, ctx, lookups);
    if (route) return routeUrl(ctx.baseUrl, route) + suffix;
    const message = file.message(`broken markdown link ${url}: no doc file at that path`, node.position);
    message.ruleId = 'broken-markdown-link';
    message.fatal = true;
    return url;
  }
  // An absolute path gets the baseUrl once, as on Docusaurus: `/lib/docs/1.x/` under `/lib/docs/` keeps it as written.
  if (pathname.startsWith('/')) return addBaseUrl(ctx.baseUrl, pathname) + suffix;
  // A relative URL resolves against the page URL, as a browser would.
  const resolved = path.posix.normalize(path.posix.join(encodeRoutePath(path.posix.dirname(ctx.route)), pathname));
  return withBase(ctx.baseUrl, resolved) + suffix;
}

/**
 * The route of the doc a `.md`/`.mdx` link names, looked up as Docusaurus
 * does: a relative path from the page's folder, then from the docs folder
 * (`[x](queries/about.mdx)` from any page); `@site/...` and `/...` from the
 * site root (a `/...` also from the docs folder). Only the route table is
 * consulted, never the disk: a path that leaves the docs folder names no doc
 * and stays a broken link. Each doc path tried is recorded in `lookups` with
 * its answer, so the page is compiled again when one of them changes.
 */
function resolveMarkdownLink(
  pathname: string,
  ctx: LinkContext,
  lookups: Map<string, string | null>,
): string | undefined {
  const decoded = safeDecode(pathname);
  const fromRoot = (file: string) => path.posix.relative(ctx.docsDirFromRoot, path.posix.normalize(file));
  const candidates = decoded.startsWith('@site/')
    ? [fromRoot(decoded.slice('@site/'.length))]
    : decoded.startsWith('/')
      ? [decoded.slice(1), fromRoot(decoded.slice(1))]
      : [path.posix.join(path.posix.dirname(ctx.docPath), decoded), path.posix.normalize(decoded)];
  for (const candidate of new Set(candidates)) {
    // Outside the folder: no doc, unless the table names one there (a site page's table holds the docs,
    // `../../docs/x.md`; the docs' table holds the blog's posts, cli/blog/link-targets.ts).
    if ((candidate.startsWith('../') || candidate === '..') && !ctx.docRoutes.has(candidate)) continue;
    const route = ctx.docRoutes.get(candidate);
    lookups.set(candidate, route ?? null);
    if (route) return route;
  }
  return undefined;
}
