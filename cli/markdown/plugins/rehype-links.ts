import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { imageSize } from 'image-size';
import type { VFile } from 'vfile';
import { checkContentFile, CONTENT_IMAGES_DIR, REFUSED_FILE_HINT, showPath } from '../../content-files.js';
import { encodeRoutePath, routeUrl } from '../../routes/route-text.js';
import type { FileStamp, LinkRef } from '../../types.js';
import { isExternalUrl, isMarkdownPath } from '../../url-parts.js';
import { staticCandidates } from '../../files/static-dirs.js';
import { normalizeUrl, srcsetUrls } from '../safe-url.js';
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
 * URL attributes the link checker reads (cli/check/extract-html-refs.ts) that
 * are not rewritten here: recorded as they are, so a broken one is reported
 * at its line, not blamed on the config. hast property names.
 */
const OTHER_URLS: ReadonlyMap<string, readonly string[]> = new Map([
  ['img', ['srcSet']],
  ['source', ['src', 'srcSet']],
  ['video', ['src', 'poster']],
  ['audio', ['src']],
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
    const assets: Record<string, string> = {};
    const reads: FileStamp[] = [];
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
        const src = rewriteImage(url, node, ctx, file, assets, reads);
        node.properties.src = src;
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        if (!src.startsWith('data:')) links.push(place({ url, href: src, kind: 'image' }, node));
      }
      for (const name of OTHER_URLS.get(node.tagName) ?? []) {
        // MDX keeps a JSX attribute's spelling (`srcset` or `srcSet`); the sanitiser, later, settles on hast's.
        const value = node.properties[name] ?? node.properties[name.toLowerCase()];
        if (value === undefined || value === null || typeof value === 'boolean') continue;
        const urls = name === 'srcSet' ? srcsetUrls(Array.isArray(value) ? value.map(String) : String(value)) : [String(value)];
        for (const url of urls) if (!url.startsWith('data:')) links.push(place({ url, href: url, kind: 'link' }, node));
      }
    });
    file.data.links = links;
    file.data.assets = assets;
    // After the files MDX imported (mdx-imports.ts).
    file.data.reads = [...(file.data.reads ?? []), ...reads];
    file.data.lookups = [...lookups];
  };
}

function place(link: LinkRef, node: Element): LinkRef {
  return { ...link, line: node.position?.start.line, column: node.position?.start.column };
}

function splitUrl(url: string): { pathname: string; suffix: string } {
  const index = url.search(/[?#]/);
  return index === -1 ? { pathname: url, suffix: '' } : { pathname: url.slice(0, index), suffix: url.slice(index) };
}

function rewriteLink(url: string, node: Element, ctx: LinkContext, file: VFile, lookups: Map<string, string | null>): string {
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
  if (pathname.startsWith('/')) return withBase(ctx.baseUrl, pathname) + suffix;
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
function resolveMarkdownLink(pathname: string, ctx: LinkContext, lookups: Map<string, string | null>): string | undefined {
  const decoded = safeDecode(pathname);
  const fromRoot = (file: string) => path.posix.relative(ctx.docsDirFromRoot, path.posix.normalize(file));
  const candidates = decoded.startsWith('@site/')
    ? [fromRoot(decoded.slice('@site/'.length))]
    : decoded.startsWith('/')
      ? [decoded.slice(1), fromRoot(decoded.slice(1))]
      : [path.posix.join(path.posix.dirname(ctx.docPath), decoded), path.posix.normalize(decoded)];
  for (const candidate of new Set(candidates)) {
    if (candidate.startsWith('../') || candidate === '..') continue;
    const route = ctx.docRoutes.get(candidate);
    lookups.set(candidate, route ?? null);
    if (route) return route;
  }
  return undefined;
}

function rewriteImage(url: string, node: Element, ctx: LinkContext, file: VFile, assets: Record<string, string>, reads: FileStamp[]): string {
  if (isExternalUrl(url)) return url;
  const { pathname } = splitUrl(url);
  const decoded = safeDecode(pathname);
  if (pathname.startsWith('/')) {
    const fromBase = ctx.baseUrl !== '/' && decoded.startsWith(ctx.baseUrl) ? decoded.slice(ctx.baseUrl.length - 1) : decoded;
    const image = readImage(publishedFile(ctx, fromBase), url, node, ctx, file, reads);
    if (image) addDimensions(node, image.bytes);
    // Read from its decoded path, written percent-encoded: `a#b.png` is one file, not `a` with a fragment.
    return withBase(ctx.baseUrl, encodeRoutePath(fromBase));
  }
  const source = path.resolve(path.dirname(ctx.filePath), decoded);
  const image = readImage(source, url, node, ctx, file, reads);
  if (!image) return url;
  addDimensions(node, image.bytes);
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 8);
  const ext = path.extname(source);
  const out = `${CONTENT_IMAGES_DIR}${path.basename(source, ext)}-${hash}${ext}`;
  // Copied from the real path that was checked, never through a symlink.
  assets[image.real] = out;
  return ctx.baseUrl + encodeRoutePath(out);
}

/**
 * The bytes of an image a page names, read from its real path; undefined,
 * with an error, when it is missing or somewhere content may not read.
 */
function readImage(source: string, url: string, node: Element, ctx: LinkContext, file: VFile, reads: FileStamp[]): { real: string; bytes: Buffer } | undefined {
  const { root } = ctx;
  const checked = checkContentFile(source, root);
  if (checked.kind === 'ok') {
    // Its size and dimensions, and the hashed name it is copied to, end up in the page: the page cache must see it change.
    // Through a symlink, the name is stamped too (its stat follows the link): pointed elsewhere, the page is compiled again.
    for (const named of new Set([checked.real, source])) {
      const { size, mtimeMs } = statSync(named);
      reads.push({ path: named, size, mtimeMs });
    }
    return { real: checked.real, bytes: readFileSync(checked.real) };
  }
  if (checked.kind === 'missing') missingImage(url, node, file, path.relative(root, source));
  else refusedImage(url, node, file, `${showPath(checked.real, root)}, ${checked.where}`);
  return undefined;
}

/** The file a site path names: in the first static folder that has it (the first folder's path when none has). */
function publishedFile(ctx: LinkContext, sitePath: string): string {
  const candidates = staticCandidates(ctx.staticDirs, sitePath);
  // With one folder (the usual site) the answer is its file whatever exists: no probe, as readImage checks it anyway.
  if (candidates.length === 1) return candidates[0];
  return candidates.find((candidate) => checkContentFile(candidate, ctx.root).kind !== 'missing') ?? candidates[0];
}

/** Sets width and height from the file when the author gave neither, so images never shift the layout. */
function addDimensions(node: Element, bytes: Uint8Array): void {
  if (node.properties.width !== undefined || node.properties.height !== undefined) return;
  try {
    const { width, height } = imageSize(bytes);
    if (width && height) {
      node.properties.width = width;
      node.properties.height = height;
    }
  } catch {
    // Not an image format image-size knows: leave it unsized.
  }
}

function missingImage(url: string, node: Element, file: VFile, looked: string): void {
  const message = file.message(`image not found: ${url} (looked for ${looked})`, node.position);
  message.ruleId = 'missing-image';
  message.note = 'fix the path, or add the image: paths starting with / are looked up in the static folders (public/), others next to the page';
  message.fatal = true;
}

function refusedImage(url: string, node: Element, file: VFile, resolved: string): void {
  const message = file.message(`image not allowed: ${url} resolves to ${resolved}`, node.position);
  message.ruleId = 'file-outside-root';
  message.note = REFUSED_FILE_HINT;
  message.fatal = true;
}

function withBase(baseUrl: string, pathname: string): string {
  return baseUrl + pathname.replace(/^\/+/, '');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
