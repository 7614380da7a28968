import { statSync } from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { imageSize } from 'image-size';
import type { VFile } from 'vfile';
import { contentAssetPath, vetContentFile, type VettedFile } from '../../files/content-assets.js';
import {
  checkContentFile,
  refusedFileHint,
  showContentFolders,
  showStaticFolders,
  type ContentFolders,
} from '../../files/content-folders.js';
import type { MediaUse } from '../../files/media-type.js';
import { createFileRule, showPath } from '../../files/site-files.js';
import { staticCandidates } from '../../files/static-dirs.js';
import { encodeRoutePath } from '../../route-text.js';
import type { FileStamp } from '../../types.js';
import { isExternalUrl } from '../../url-parts.js';

/** Where a page's media references are resolved from, and what they add to the page's output. */
export interface MediaContext {
  /** Absolute path of the file being compiled: relative paths start at its folder. */
  filePath: string;
  baseUrl: string;
  /** The static folders, absolute, in order: a site path (`/img/x.png`) names the first one's file that exists. */
  staticDirs: string[];
  /** The folders content may name files in (the docs folder and the static folders), by the site's file rule. */
  folders: ContentFolders;
  /** Files copied into the output: real path → output path. */
  assets: Record<string, string>;
  /** Files read, stamped, so the cached page is compiled again when one changes. */
  reads: FileStamp[];
}

/**
 * The content folders of a page: its docs folder and the static folders,
 * under the file rule of the root, which counts those the config names
 * outside the root (`../docs`) as part of the site.
 */
export function contentFoldersOf(ctx: {
  root: string;
  docsDirFromRoot: string;
  staticDirs: readonly string[];
}): ContentFolders {
  const folders = [path.join(ctx.root, ctx.docsDirFromRoot), ...ctx.staticDirs];
  return { rule: createFileRule(ctx.root, { folders }), folders };
}

/**
 * The URL a page's image, poster or video/audio source is published at.
 * A site path (`/img/x.png`) names a file of the static folders, published
 * there as it is; a relative path names a file from the page's folder,
 * copied to `assets/images/` under a hashed name with the extension of what
 * it holds. Either way the file must be in the docs folder or a static
 * folder (by real path) and be what the reference needs, by its bytes
 * (content-assets.ts); otherwise an error at the reference and the URL as
 * written. External URLs are left alone. With `size`, an image's width and
 * height are set on the element when the author gave neither.
 */
export function rewriteMediaUrl(
  url: string,
  use: MediaUse,
  node: Element,
  ctx: MediaContext,
  file: VFile,
  size = false,
): string {
  if (isExternalUrl(url)) return url;
  const { pathname } = splitUrl(url);
  if (pathname === '') return url;
  const decoded = safeDecode(pathname);
  if (pathname.startsWith('/')) {
    const fromBase =
      ctx.baseUrl !== '/' && decoded.startsWith(ctx.baseUrl) ? decoded.slice(ctx.baseUrl.length - 1) : decoded;
    const media = readMedia(publishedFile(ctx, fromBase), url, use, node, ctx, file);
    if (media && size) addDimensions(node, media.bytes);
    // Read from its decoded path, written percent-encoded: `a#b.png` is one file, not `a` with a fragment.
    return withBase(ctx.baseUrl, encodeRoutePath(fromBase));
  }
  const media = readMedia(path.resolve(path.dirname(ctx.filePath), decoded), url, use, node, ctx, file);
  if (!media) return url;
  if (size) addDimensions(node, media.bytes);
  const out = contentAssetPath(media.real, media);
  // Copied from the real path that was checked, never through a symlink; named by it, so every name of a file is one asset.
  ctx.assets[media.real] = out;
  return ctx.baseUrl + encodeRoutePath(out);
}

/**
 * The bytes to publish for a file a page names, read from its real path;
 * undefined, with an error at the reference, when it is missing, somewhere
 * content may not read, or not what the reference needs.
 */
function readMedia(
  source: string,
  url: string,
  use: MediaUse,
  node: Element,
  ctx: MediaContext,
  file: VFile,
): (VettedFile & { real: string }) | undefined {
  const noun = use === 'image' ? 'image' : 'video or audio file';
  const fail = (message: string, rule: string, hint: string) => {
    const problem = file.message(message, node.position);
    problem.ruleId = rule;
    problem.note = hint;
    problem.fatal = true;
    return undefined;
  };
  const { rule } = ctx.folders;
  const checked = checkContentFile(ctx.folders, source);
  if (checked.kind === 'missing') {
    return fail(
      `${noun} not found: ${url} (looked for ${path.relative(rule.root, source)})`,
      'missing-image',
      `fix the path, or add the ${noun}: paths starting with / are looked up in the static folders (${showStaticFolders(rule, ctx.staticDirs)}), others next to the page`,
    );
  }
  if (checked.kind === 'refused')
    return fail(
      `${noun} not allowed: ${url} resolves to ${showPath(rule, checked.real)}, ${checked.why}`,
      'file-outside-root',
      refusedFileHint(showStaticFolders(rule, ctx.staticDirs)),
    );
  const folders = showContentFolders(ctx.folders);
  if (checked.kind === 'elsewhere') {
    return fail(
      `${noun} not allowed: ${url} resolves to ${showPath(rule, checked.real)}, outside the folders content may use (${folders})`,
      'file-outside-content',
      `content can only use files in ${folders}: put the ${noun} next to the page or in a static folder (${showStaticFolders(rule, ctx.staticDirs)})`,
    );
  }
  // Its size and bytes end up in the page (dimensions, hashed name): the page cache must see it change.
  // Through a symlink, the name is stamped too (its stat follows the link): pointed elsewhere, the page is compiled again.
  for (const named of new Set([checked.real, source])) {
    const { size, mtimeMs } = statSync(named);
    ctx.reads.push({ path: named, size, mtimeMs });
  }
  const vetted = vetContentFile(checked.real, use);
  if (!vetted.ok) return fail(`${url} ${vetted.reason}`, vetted.rule, vetted.hint);
  return { ...vetted, real: checked.real };
}

/** The file a site path names: in the first static folder that has it (the first folder's path when none has). */
function publishedFile(ctx: MediaContext, sitePath: string): string {
  const candidates = staticCandidates(ctx.staticDirs, sitePath);
  // With one folder (the usual site) the answer is its file whatever exists: no probe, as readMedia checks it anyway.
  if (candidates.length === 1) return candidates[0];
  return candidates.find((candidate) => checkContentFile(ctx.folders, candidate).kind !== 'missing') ?? candidates[0];
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

export function splitUrl(url: string): { pathname: string; suffix: string } {
  const index = url.search(/[?#]/);
  return index === -1 ? { pathname: url, suffix: '' } : { pathname: url.slice(0, index), suffix: url.slice(index) };
}

export function withBase(baseUrl: string, pathname: string): string {
  return baseUrl + pathname.replace(/^\/+/, '');
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
