import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DiskCache } from '../cache/disk-cache.js';
import type { MarkdownFormat } from '../config/markdown-schema.js';
import type { ContentFile, Diagnostic } from '../types.js';
import {
  createFileRule,
  FILE_RULE_HINT,
  listSiteFiles,
  type FileListing,
  type FileRule,
  type ListedFile,
} from '../files/content-files.js';
import { isInContentFolders, showContentFolders, type ContentFolders } from '../files/content-folders.js';
import { isMarkdownPath } from '../url-parts.js';
import { decideDocFormat } from './doc-format.js';
import { CATEGORY_FILE, readCategoryFile, type CategoryMeta } from './category-files.js';
import { FrontMatterCache } from './front-matter-cache.js';
import type { PartialFile } from './unused-partials.js';
import { parseNumberPrefix, stripNumberPrefixes } from './number-prefix.js';

export interface LoadContentResult {
  files: ContentFile[];
  /** The folders' `_category_` files, by folder path relative to the docs folder (`02-guides`, as on disk). */
  categories: Map<string, CategoryMeta>;
  /** Markdown files named `_*` (partials, never pages) outside `_` folders: warned about when no page imports them (unused-partials.ts). */
  partials: PartialFile[];
  diagnostics: Diagnostic[];
  /** What was read of each doc, for the next load to reuse (`previousReads`); empty unless `previousReads` was given. */
  reads: DocReads;
}

/**
 * Each doc as a load read it, by its listed path and real path: the file's
 * stamp (inode, size, modification and change times, taken before it was
 * read), the SHA-256 of its bytes, and what was made of it.
 */
export type DocReads = ReadonlyMap<string, DocRead>;

interface DocRead {
  stamp: string;
  digest: string;
  file: ContentFile;
  diagnostics: Diagnostic[];
}

/**
 * Files read between two turns of the event loop: small files read fastest one
 * after the other (a thousand in about 15 ms, where as many parallel reads take
 * over 100), and a dev server stays responsive meanwhile.
 */
const FILES_PER_TURN = 200;

/**
 * Reads every `.md`/`.mdx` file under the docs folder, with front matter,
 * under the file rule (by default the site root's, with `<root>/dist` as out dir).
 * With a cache, front matter is parsed only for files whose bytes changed (front-matter-cache.ts).
 */
export async function loadContent(options: {
  root: string;
  docsDir: string;
  rule?: FileRule;
  cache?: DiskCache;
  format?: MarkdownFormat;
  /**
   * The folders a doc that is a symlink may lead into (every version's docs folder; relative to the root or
   * absolute). Default: this docs folder.
   */
  contentFolders?: string[];
  /** fast-glob patterns of files that are not pages, besides `_` folders (the site pages' `exclude`). */
  ignore?: string[];
  /**
   * The reads of the previous load of the same folder with the same settings (dev; an empty map for its first
   * load, so that this one keeps its reads): a doc whose
   * stamp is the same is taken from it instead of being read, hashed and parsed again. Its stamp is taken before
   * each read, so a file written during a read has another stamp at the next load and is read then.
   */
  previousReads?: DocReads;
}): Promise<LoadContentResult> {
  const docsDir = path.resolve(options.root, options.docsDir);
  const rule = options.rule ?? createFileRule(options.root, { folders: [docsDir] });
  const linkFolders = (options.contentFolders ?? [docsDir]).map((dir) => path.resolve(options.root, dir));
  const { files: entries, diagnostics } = await listDocFiles(rule, docsDir, linkFolders, options.ignore);
  const frontMatter = new FrontMatterCache(options.cache);
  const files: ContentFile[] = [];
  const categories = new Map<string, CategoryMeta>();
  const partials: PartialFile[] = [];
  const reads = new Map<string, DocRead>();
  for (let i = 0; i < entries.length; i++) {
    if (i > 0 && i % FILES_PER_TURN === 0) await nextTurn();
    if (isCategoryFile(entries[i].path)) {
      const read = readCategoryFile(entries[i].real, path.relative(options.root, path.join(docsDir, entries[i].path)));
      diagnostics.push(...read.diagnostics);
      if (read.meta) categories.set(path.posix.dirname(entries[i].path.split(path.sep).join('/')), read.meta);
      continue;
    }
    if (path.basename(entries[i].path).startsWith('_')) {
      const absolute = path.join(docsDir, entries[i].path);
      partials.push({ file: path.relative(options.root, absolute), paths: [absolute, entries[i].real] });
      continue;
    }
    const id = `${entries[i].path}\0${entries[i].real}`;
    // Stamped only for a load that keeps its reads (dev's), before the file is read.
    const stamp = options.previousReads && stampOf(statSync(entries[i].real, { throwIfNoEntry: false }));
    const before = options.previousReads?.get(id);
    let read: { file?: ContentFile; digest?: string; diagnostics: Diagnostic[] };
    if (before && stamp !== undefined && before.stamp === stamp) {
      frontMatter.keep(before.file.file, before.digest);
      read = before;
    } else read = loadFile(options.root, docsDir, entries[i], frontMatter, options.format ?? 'mdx');
    diagnostics.push(...read.diagnostics);
    if (read.file) files.push(read.file);
    if (read.file && read.digest && stamp !== undefined)
      reads.set(id, { stamp, digest: read.digest, file: read.file, diagnostics: read.diagnostics });
  }
  frontMatter.save();
  diagnostics.push(...findDuplicateIds(files));
  return { files, categories, partials, diagnostics, reads };
}

/**
 * Lists `.md`/`.mdx` files and `_category_` files by the file rule: the docs
 * folder itself (and every folder above it) must resolve inside the site
 * root; symlinked folders are not followed (so a link loop can never hang the
 * build); symlinked files are read from their real path, when the rule
 * allows it. As on Docusaurus, a file or folder whose name starts with `_`
 * is never a page (partials live there): such folders are not even walked,
 * and such files are listed only to say so when no page imports them.
 */
function listDocFiles(
  rule: FileRule,
  docsDir: string,
  linkFolders: string[],
  ignore: string[] = [],
): Promise<FileListing> {
  const include = (file: string) => isMarkdownPath(file) || CATEGORY_FILE.test(path.basename(file));
  const folders: ContentFolders = { rule, folders: linkFolders };
  return listSiteFiles(rule, docsDir, {
    include,
    dot: false,
    ignore: ['**/node_modules/**', '**/_*/**', ...ignore],
    hint: DOC_LINK_HINT,
    // A doc that is a link is published as a page: it must lead to a page (or category) file of the docs, never to
    // a secret such as .env or a config elsewhere in the site, whatever the link's own name.
    refuseLinkTarget: (real) =>
      !include(real) || path.basename(real).startsWith('.')
        ? 'which is not a Markdown page'
        : isInContentFolders(folders, real)
          ? undefined
          : `outside the docs folders (${showContentFolders(folders)})`,
  });
}

const DOC_LINK_HINT = `${FILE_RULE_HINT}; a doc that is a link must lead to a .md or .mdx file in a docs folder`;

function isCategoryFile(file: string): boolean {
  return CATEGORY_FILE.test(path.basename(file));
}

function loadFile(
  root: string,
  docsDir: string,
  entry: ListedFile,
  frontMatterCache: FrontMatterCache,
  siteFormat: MarkdownFormat,
): { file?: ContentFile; digest?: string; diagnostics: Diagnostic[] } {
  const absolute = path.join(docsDir, entry.path);
  const file = path.relative(root, absolute);
  // Read from the real path the rule allowed, never through a link that may have changed since.
  const bytes = readFileSync(entry.real);
  const decoded = decodeText(bytes);
  if (typeof decoded !== 'string') return { diagnostics: [{ ...decoded, file }] };
  const source = decoded.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // With invalid front matter the file is still loaded (without the bad keys), so links and sidebars naming it
  // do not add errors of their own; its diagnostics fail the build.
  const digest = sha256Hex(bytes);
  const { frontMatter, body, bodyLineOffset, diagnostics, keyLines } = frontMatterCache.parse(source, file, digest);
  const docPath = entry.path.split(path.sep).join('/');
  // Number prefixes (`02-guides/01-intro.md`) are not part of ids and routes: that doc is `guides/intro`.
  const dir = stripNumberPrefixes(path.posix.dirname(docPath));
  const baseName = parseNumberPrefix(path.posix.basename(docPath).replace(/\.mdx?$/, '')).name;
  const localId = frontMatter.id ?? baseName;
  return {
    diagnostics,
    digest,
    file: {
      path: absolute,
      file,
      docPath,
      id: dir === '.' ? localId : `${dir}/${localId}`,
      format: decideDocFormat(docPath, frontMatter.format, siteFormat),
      frontMatter,
      body,
      bodyLineOffset,
      routeKeyLine: keyLines.slug ?? keyLines.id,
      ...(keyLines.date || keyLines.authors || keyLines.author
        ? { blogKeyLines: { date: keyLines.date, authors: keyLines.authors ?? keyLines.author } }
        : {}),
      hash: docHashOf(digest),
    },
  };
}

/** What tells a file's bytes changed without reading them (undefined: the file is gone). */
const stampOf = (info: Stats | undefined) => info && `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/** The SHA-256 of a doc's bytes, in hex. */
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A doc's content hash as `ContentFile.hash` holds it, from `sha256Hex` of its bytes: what dev compares a doc on disk with. */
export const docHashOf = (digest: string) => digest.slice(0, 20);

/** Decodes UTF-8 strictly; binary or malformed files become a diagnostic. */
function decodeText(bytes: Buffer): string | Omit<Diagnostic, 'file'> {
  if (bytes.includes(0)) {
    return {
      severity: 'error',
      rule: 'binary-file',
      message: 'this file is binary, not Markdown text',
      line: 1,
      column: 1,
      hint: 'remove it from content/ or rename it',
    };
  }
  const text = bytes.toString('utf8');
  // Checked before decoding (a decoder per file costs more than the rest of loading); one byte order mark is dropped, as a TextDecoder does.
  if (isUtf8(bytes)) return text.startsWith('\uFEFF') ? text.slice(1) : text;
  const index = text.indexOf('\uFFFD');
  const before = text.slice(0, Math.max(0, index));
  const line = before.split('\n').length;
  return {
    severity: 'error',
    rule: 'invalid-utf8',
    message: 'the file is not valid UTF-8',
    line,
    column: index - before.lastIndexOf('\n'),
    hint: 'save the file as UTF-8',
  };
}

function findDuplicateIds(files: ContentFile[]): Diagnostic[] {
  const seen = new Map<string, ContentFile>();
  const diagnostics: Diagnostic[] = [];
  for (const f of files) {
    const first = seen.get(f.id);
    if (first) {
      diagnostics.push({
        severity: 'error',
        rule: 'duplicate-id',
        message: `doc id '${f.id}' is also used by ${first.file}`,
        file: f.file,
        line: 1,
        column: 1,
        hint: 'give one of them another `id` in its front matter',
      });
    } else seen.set(f.id, f);
  }
  return diagnostics;
}
