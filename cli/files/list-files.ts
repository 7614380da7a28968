import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic } from '../types.js';
import { checkSiteFile, nameOf, showPath, whyRefused, type FileRule } from './site-files.js';

/** A file found in a folder: its path relative to the folder (with `/`), and the real path it is read from. */
export interface ListedFile {
  path: string;
  real: string;
}

export interface FileListing {
  /** The allowed files, sorted by path. */
  files: ListedFile[];
  /** Refused files and folders, broken links, symlinked folders that are not followed. */
  diagnostics: Diagnostic[];
}

export interface ListOptions {
  /** Which files to list (all by default); symlinks are judged whatever their name, so a bad one is always reported. */
  include?: (file: string) => boolean;
  /** List dot files (default true: `.well-known/` is legitimate in `public/`). */
  dot?: boolean;
  /** fast-glob patterns to skip. */
  ignore?: string[];
  /** Hint for a refused file (or folder). */
  hint: string;
  /**
   * Why a symlink's target (its real path) may not be listed, beyond the file rule; undefined: it may. A docs folder
   * lists a link only to a page or category file inside the content folders (see load-content.ts).
   */
  refuseLinkTarget?: (real: string) => string | undefined;
}

/** The rule's hint for files: what is allowed and what to do. */
export const FILE_RULE_HINT =
  'docsgen only reads files whose real path is inside the site root and outside .git/, node_modules/ and the build output: replace the link with a copy of what it points to';

/**
 * Lists a content folder (`public/`, the docs folder) under the file rule.
 * The folder itself is judged first, at its real path: a symlinked `public/`
 * or `content/` leading out of the site is one error and nothing is listed.
 * Dot files are listed (`.well-known/` is legitimate). Symlinked folders are
 * not followed (links can form loops), with a warning; symlinked files are
 * kept at their real path when the rule allows it, so they are read and
 * copied from there, never through the link.
 */
export async function listSiteFiles(rule: FileRule, dir: string, options: ListOptions): Promise<FileListing> {
  const folder = checkSiteFile(rule, dir);
  if (folder.kind === 'missing') return { files: [], diagnostics: [] };
  if (folder.kind === 'refused')
    return { files: [], diagnostics: [refused(rule, dir, folder.real, folder.why, options.hint, 'folder')] };
  const entries = await fg('**/*', {
    cwd: dir,
    dot: options.dot ?? true,
    onlyFiles: false,
    followSymbolicLinks: false,
    objectMode: true,
    suppressErrors: true,
    ignore: options.ignore,
  });
  const files: ListedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const include = options.include ?? (() => true);
  const markers = new Map<string, boolean>();
  for (const entry of entries) {
    const named = path.join(dir, entry.path);
    if (!entry.dirent.isSymbolicLink()) {
      if (!entry.dirent.isFile() || !include(entry.path)) continue;
      // Not a link, in a folder that is not one either: its real path is the folder's plus its own name.
      const real = path.join(folder.real, entry.path);
      const why = whyRefused(rule, real, markers);
      if (why) diagnostics.push(refused(rule, named, real, why, options.hint, 'file'));
      else files.push({ path: entry.path, real });
      continue;
    }
    const real = resolveLink(named);
    if (real instanceof Error) {
      diagnostics.push(brokenSymlink(nameOf(rule, named), real.code));
      continue;
    }
    const why = whyRefused(rule, real, markers);
    if (why) {
      diagnostics.push(refused(rule, named, real, why, options.hint, 'link'));
      continue;
    }
    // Only regular files are read: a link to a pipe or a device could hang the build.
    const target = statSync(real, { throwIfNoEntry: false });
    if (target?.isDirectory()) diagnostics.push(notFollowed(nameOf(rule, named)));
    else if (target?.isFile() && include(entry.path)) {
      const refusedTarget = options.refuseLinkTarget?.(real);
      if (refusedTarget) diagnostics.push(refused(rule, named, real, refusedTarget, options.hint, 'link'));
      else files.push({ path: entry.path, real });
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}

/** `link not allowed: it resolves to .git/config, inside .git/`, named from the site root. */
export function refused(
  rule: FileRule,
  named: string,
  real: string,
  why: string,
  hint: string,
  what: 'link' | 'file' | 'folder' | 'image',
): Diagnostic {
  return {
    severity: 'error',
    rule: 'file-outside-root',
    message: `${what} not allowed: it resolves to ${showPath(rule, real)}, ${why}`,
    file: nameOf(rule, named),
    hint,
  };
}

/** The real path a link leads to (as `checkSiteFile` resolves it), or why it leads nowhere. */
function resolveLink(file: string): string | NodeJS.ErrnoException {
  try {
    return realpathSync.native(file);
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

/** A symlink that leads nowhere: a loop, or a target that does not exist. */
function brokenSymlink(file: string, code: string | undefined): Diagnostic {
  const message =
    code === 'ELOOP'
      ? 'symlink loop: the link leads back to itself (ELOOP)'
      : code === 'ENOENT'
        ? 'symlink points to a file that does not exist (ENOENT)'
        : `symlink cannot be resolved (${code})`;
  return {
    severity: 'error',
    rule: 'broken-symlink',
    message,
    file,
    hint: 'remove the link or point it at an existing file',
  };
}

function notFollowed(file: string): Diagnostic {
  return {
    severity: 'warning',
    rule: 'symlink-not-followed',
    message: 'symlinked folder is not followed (links can form loops)',
    file,
    hint: 'move the files into the folder or link the files themselves',
  };
}
