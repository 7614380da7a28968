import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkContentFile } from '../../files/content-folders.js';
import { below } from '../../files/site-folders.js';
import { createFileRule, nameOf, showPath } from '../../files/site-files.js';
import type { FileStamp } from '../../types.js';

/** Where content may import files from: the site's folders that dev watches and anyone reviewing content reads. */
export interface ImportRoots {
  /** The site root: `@site/...` starts here; messages name files from it. */
  root: string;
  /** Absolute folders imported files must be in (the docs folder and public/): never the config, never src/. */
  allowed: string[];
}

/** The largest file an import may read: a partial or a `?raw` code sample, not a data dump. */
export const MAX_IMPORT_BYTES = 512 * 1024;

/** What an import's source names: an MDX partial rendered in place, or a file bound as text. */
export interface ImportTarget {
  kind: 'partial' | 'raw';
  /** The path as written, without `!!raw-loader!` or `?raw`. */
  written: string;
}

/**
 * The import sources docsgen reads itself: `.md`/`.mdx` partials, and any
 * file with `!!raw-loader!` or `?raw`, by a relative or `@site/` path.
 * Anything else (a component module, a package) is not an import of content.
 */
export function classifyImport(source: string): ImportTarget | undefined {
  if (source.startsWith('!!raw-loader!')) return { kind: 'raw', written: source.slice('!!raw-loader!'.length) };
  if (source.endsWith('?raw')) return { kind: 'raw', written: source.slice(0, -'?raw'.length) };
  const lower = source.toLowerCase();
  if (lower.endsWith('.md') || lower.endsWith('.mdx')) return { kind: 'partial', written: source };
  return undefined;
}

/** A file an import read: its text, path as named and real path (for cycles), name from the root, and the stamps that make the page depend on it. */
export interface ImportedFile {
  text: string;
  /** The absolute path as the import names it: links in a partial resolve from here, as the page's do from its own. */
  path: string;
  real: string;
  name: string;
  reads: FileStamp[];
}

/** Why an import could not be read, with a hint, for a located error at the import. */
export interface ImportRefusal {
  reason: string;
  hint: string;
}

/**
 * The extensions webpack tries after a path written without one, in the order
 * of Docusaurus's `resolve.extensions`: `!!raw-loader!./Block` reads
 * `Block.tsx` when there is no `Block`, `Block.js`, ….
 */
export const RAW_IMPORT_EXTENSIONS = ['.wasm', '.mjs', '.js', '.jsx', '.ts', '.tsx', '.json'];

/**
 * Reads the file an import names from the file `from` (absolute), or says
 * why not: the path must be relative (`./`, `../`) or start at the site root
 * (`@site/`); then it is read under the rule of readContentFile. A raw
 * import (`!!raw-loader!`, `?raw`) is resolved as webpack resolves it
 * (resolveAsWebpack); a partial is read by the name written.
 */
export function readImportedFile(
  written: string,
  from: string,
  roots: ImportRoots,
  kind: ImportTarget['kind'] = 'partial',
): ImportedFile | ImportRefusal {
  let absolute: string;
  const base = relativeBase(from, roots);
  if (written.startsWith('@site/')) absolute = path.join(roots.root, written.slice('@site/'.length));
  else if (written.startsWith('./') || written.startsWith('../')) absolute = path.resolve(base.folder, written);
  else
    return {
      reason: `cannot import '${written}': only relative paths (./, ../) and @site/ paths are read`,
      hint: `write the path from this file (./_part.mdx) or from the site root (@site/${path.relative(roots.root, roots.allowed[0]).split(path.sep).join('/')}/_part.mdx)`,
    };
  const tried =
    kind === 'raw'
      ? ` (without an extension, ${RAW_IMPORT_EXTENSIONS.join(', ')} are tried after it, then index with each in it, as webpack does)`
      : '';
  const linked = base.linkedTo ? symlinkNote(base.linkedTo, roots) : '';
  return readContentFile(kind === 'raw' ? resolveAsWebpack(absolute, roots) : absolute, roots, {
    subject: `cannot import '${written}'`,
    where: `content can import files from ${showAllowed(roots)} only${linked}`,
    missingHint: `fix the path; it is read from this file's folder, or from the site root with @site/${tried}${linked}`,
    verb: 'import from',
    limitName: 'imported files',
  });
}

/**
 * The folder a file's relative imports (and `file=` code blocks) start from:
 * for a file that is a symlink, its target's folder, as webpack resolves a
 * module's imports from its real path (`resolve.symlinks: true` in
 * Docusaurus), so a page linked into another folder reads its partials and
 * raw files from there. The target is named from the root as given (not by
 * its real path, which may differ above the root: `/tmp` → `/private/tmp`),
 * so messages and the links of its partials keep the names the page has.
 * `linkedTo` is that target, when the file is a link.
 */
export function relativeBase(from: string, roots: ImportRoots): { folder: string; linkedTo?: string } {
  let real: string;
  let realFolder: string;
  try {
    real = realpathSync.native(from);
    realFolder = realpathSync.native(path.dirname(from));
  } catch {
    return { folder: path.dirname(from) };
  }
  if (real === path.join(realFolder, path.basename(from))) return { folder: path.dirname(from) };
  const rule = createFileRule(roots.root, { folders: roots.allowed });
  const inRoot = below(rule.realRoot, real);
  const folder = rule.folders.find((f) => below(f.real, real) !== undefined);
  const target =
    inRoot !== undefined
      ? path.join(rule.root, inRoot)
      : folder
        ? path.join(folder.written, below(folder.real, real) ?? '')
        : real;
  return { folder: path.dirname(target), linkedTo: target };
}

/** What a refusal adds for a file that is a symlink: where its relative paths start from, and why. */
export function symlinkNote(target: string, roots: ImportRoots): string {
  const shown = nameOf(createFileRule(roots.root, { folders: roots.allowed }), target);
  return ` (this file is a symlink to ${shown}: its relative paths start from that file's folder, as webpack resolves them in Docusaurus)`;
}

/**
 * The path a raw import reads, as webpack resolves it: the name written when
 * it is a file, else the first that exists of the name with each of
 * RAW_IMPORT_EXTENSIONS after it, then of the folder's `index` with each.
 * Each candidate is judged by the same rule as the file read: the first that
 * exists, allowed or not, is the answer (readContentFile then refuses one it
 * must not read); with none, the name written (a missing file).
 */
function resolveAsWebpack(absolute: string, roots: ImportRoots): string {
  const folders = { rule: createFileRule(roots.root, { folders: roots.allowed }), folders: roots.allowed };
  const index = path.join(absolute, 'index');
  const candidates = [
    absolute,
    ...RAW_IMPORT_EXTENSIONS.map((ext) => absolute + ext),
    ...RAW_IMPORT_EXTENSIONS.map((ext) => index + ext),
  ];
  for (const candidate of candidates) {
    const check = checkContentFile(folders, candidate);
    if (check.kind === 'missing') continue;
    // A folder (or a FIFO) is not what webpack reads: the next candidate is.
    if (check.kind === 'ok' && !statSync(check.real).isFile()) continue;
    return candidate;
  }
  return absolute;
}

/** How a refusal to read a file names what wanted it: `cannot import './x'`, where files may come from, what to do about a missing one. */
export interface ReadWording {
  subject: string;
  where: string;
  missingHint: string;
  /** What content does with the folders it may use: `import from`, `read`. */
  verb: string;
  /** What the size limit is for: `imported files`. */
  limitName: string;
}

/** The allowed folders as a message names them: `content/docs/ and public/`. */
export function showAllowed(roots: ImportRoots): string {
  return roots.allowed
    .map((dir) => `${path.relative(roots.root, dir).split(path.sep).join('/') || '.'}/`)
    .join(' and ');
}

/**
 * Reads a file content names (an import, a code block's `file=`), by its
 * absolute path, or says why not: its real path, symlinks followed, must pass
 * the file rule and lie in one of the allowed folders; it must be a file
 * under MAX_IMPORT_BYTES. Nothing is read before all of that holds.
 */
export function readContentFile(
  absolute: string,
  roots: ImportRoots,
  wording: ReadWording,
): ImportedFile | ImportRefusal {
  const { subject, where } = wording;
  // The one rule for every file content names (images and sources too): the site's file rule, then the content folders.
  const rule = createFileRule(roots.root, { folders: roots.allowed });
  const check = checkContentFile({ rule, folders: roots.allowed }, absolute);
  const shown = path.relative(roots.root, absolute).split(path.sep).join('/');
  if (check.kind === 'missing') return { reason: `${subject}: no file at ${shown}`, hint: wording.missingHint };
  if (check.kind === 'refused')
    return { reason: `${subject}: it resolves to ${showPath(rule, check.real)}, ${check.why}`, hint: where };
  if (check.kind === 'elsewhere')
    return {
      reason: `${subject}: ${showPath(rule, check.real)} is outside the folders content may ${wording.verb}`,
      hint: where,
    };
  const stat = statSync(check.real);
  if (!stat.isFile()) return { reason: `${subject}: ${shown} is not a file`, hint: 'name a file, not a folder' };
  if (stat.size > MAX_IMPORT_BYTES)
    return {
      reason: `${subject}: ${shown} is ${stat.size} bytes, over the ${MAX_IMPORT_BYTES}-byte limit for ${wording.limitName}`,
      hint: 'use a smaller file, or split it',
    };
  // The page's output depends on the file: stamped by name and real path, as images are (rehype-links.ts).
  const reads = [...new Set([check.real, absolute])].map((named) => {
    const { size, mtimeMs } = statSync(named);
    return { path: named, size, mtimeMs };
  });
  return {
    text: readFileSync(check.real, 'utf8'),
    path: absolute,
    real: check.real,
    name: showPath(rule, check.real),
    reads,
  };
}

/** True when a read failed. */
export function isRefusal(result: ImportedFile | ImportRefusal): result is ImportRefusal {
  return 'reason' in result;
}
