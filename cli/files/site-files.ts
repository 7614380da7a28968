import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { LOCK_SUFFIX, MARKER_FILE, STAGED_OUTPUT } from './output-names.js';
import { below, NEVER_READ, outsideFolders, realPathOf, siteFoldersOf, type SiteFolder } from './site-folders.js';

/**
 * The one rule for files that content names, that `public/` holds, that a
 * build copies and that `dev` or `serve` answers with: a file's real path,
 * every symlink resolved (the folders above it included), must lie inside the
 * root's real path (or a folder the config names beside it) and outside
 * `.git/`, `node_modules/` and the build output.
 * Content may come from a stranger's pull request; this is what keeps it from
 * publishing a CI token, the git config or another build.
 */
export interface FileRule {
  /** The root as given (absolute): files are named from it in messages. */
  root: string;
  /** The root's real path: every allowed file's real path is inside it. */
  realRoot: string;
  /** Real paths of the out dirs nothing may be read from (this build's, `--out-dir` included). */
  outDirs: string[];
  /** How messages name the root. */
  rootName: string;
  /**
   * Folders the config names outside the root (a docs folder at `../docs`,
   * beside the site folder): the config is trusted, so they are part of the
   * site, each judged as the root is (see `site-folders.ts`).
   */
  folders: SiteFolder[];
}

/** What the rule says of one path: allowed (at its real path), missing, or refused (where it resolves, and why). */
export type FileCheck =
  | { kind: 'ok'; real: string }
  | { kind: 'missing' }
  | { kind: 'refused'; real: string; why: string };

/**
 * The rule for a site root. `outDirs` are this build's out dirs (default
 * `<root>/dist`, the one a build with no `--out-dir` writes); other folders
 * docsgen wrote are recognised by their marker file. `rootName` names the
 * root in messages (`serve` passes "the served folder"). `folders` are the
 * folders the config names (the docs folder, the static folders): those
 * outside the root are part of the site too (`site-folders.ts`).
 */
export function createFileRule(
  root: string,
  options: { outDirs?: string[]; rootName?: string; folders?: readonly string[] } = {},
): FileRule {
  const absolute = path.resolve(root);
  const realRoot = realPathOf(absolute);
  const outDirs = (options.outDirs ?? [path.join(absolute, 'dist')]).map((dir) =>
    realPathOf(path.resolve(absolute, dir)),
  );
  // A named folder inside an out dir is no part of the site: the rule refuses it like any file there.
  const folders = siteFoldersOf(absolute, realRoot, options.folders ?? []).filter(
    (folder) => !outDirs.some((dir) => below(dir, folder.real) !== undefined),
  );
  return { root: absolute, realRoot, outDirs, rootName: options.rootName ?? 'the site root', folders };
}

/**
 * Decides whether a file (or folder) may be read, published or served. A
 * path that already leaves the root as written (from the root as given or
 * its real path) is refused without touching the disk; otherwise its real
 * path is judged by `whyRefused`.
 */
export function checkSiteFile(rule: FileRule, file: string): FileCheck {
  const absolute = path.resolve(rule.root, file);
  if (
    below(rule.root, absolute) === undefined &&
    below(rule.realRoot, absolute) === undefined &&
    outsideFolders(rule.folders, absolute)
  ) {
    return { kind: 'refused', real: absolute, why: outsideWhat(rule) };
  }
  let real: string;
  try {
    real = realpathSync.native(absolute);
  } catch {
    return { kind: 'missing' };
  }
  const why = whyRefused(rule, real);
  return why ? { kind: 'refused', real, why } : { kind: 'ok', real };
}

/**
 * Why a real path (symlinks already resolved) may not be read, or undefined
 * when it may. The root itself is allowed; so is everything below it except
 * `.git/`, `node_modules/` (in any letter case), the out dirs, docsgen's
 * staged folders and lock files, and folders holding docsgen's output marker.
 * `markers` remembers which folders hold the marker, for a listing that asks
 * about many files in the same folders (never keep it longer than that).
 */
export function whyRefused(rule: FileRule, real: string, markers?: Map<string, boolean>): string | undefined {
  let base = rule.realRoot;
  let relative = below(base, real);
  // A folder the config names outside the root is judged from its own real path, as the root is.
  for (const folder of rule.folders) {
    if (relative !== undefined) break;
    base = folder.real;
    relative = below(base, real);
  }
  if (relative === undefined) return outsideWhat(rule);
  if (relative === '') return undefined;
  const names = relative.split(path.sep);
  const lower = names.map((name) => name.toLowerCase());
  const hidden = lower.findIndex((name) => NEVER_READ.includes(name));
  if (hidden !== -1) return `inside ${names[hidden]}/`;
  const outDir = rule.outDirs.find((dir) => below(dir, real) !== undefined);
  if (outDir) return `inside the build output (${showPath(rule, outDir)}/)`;
  if (lower.some((name) => name.includes(STAGED_OUTPUT))) return 'inside a folder docsgen is writing a build to';
  const last = lower[lower.length - 1];
  if (last === MARKER_FILE || last.endsWith(LOCK_SUFFIX)) return "a file of docsgen's own";
  let dir = base.endsWith(path.sep) ? base.slice(0, -1) : base;
  for (const name of names.slice(0, -1)) {
    dir += path.sep + name;
    let marked = markers?.get(dir);
    if (marked === undefined) {
      marked = existsSync(path.join(dir, MARKER_FILE));
      markers?.set(dir, marked);
    }
    if (marked) return `inside the build output (${showPath(rule, dir)}/ has docsgen's ${MARKER_FILE} marker)`;
  }
  return undefined;
}

/** `outside the site root`, and the folders the config names when there are any. */
function outsideWhat(rule: FileRule): string {
  if (rule.folders.length === 0) return `outside ${rule.rootName}`;
  return `outside ${rule.rootName} and the folders its config names (${rule.folders.map((folder) => showPath(rule, folder.real) + '/').join(', ')})`;
}

/** A real path as messages show it: from the root when inside it or a folder the config names, absolute otherwise. */
export function showPath(rule: FileRule, real: string): string {
  const relative = path.relative(rule.realRoot, real);
  if (relative === '') return '.';
  return isOutside(relative) && outsideFolders(rule.folders, real, 'real') ? real : relative.split(path.sep).join('/');
}

/** A path as messages name it: from the root as given (`../docs/intro.md` in a folder the config names). */
export function nameOf(rule: FileRule, file: string): string {
  const absolute = path.resolve(rule.root, file);
  const relative = path.relative(rule.root, absolute);
  return isOutside(relative) && outsideFolders(rule.folders, absolute, 'written')
    ? absolute
    : relative.split(path.sep).join('/');
}

function isOutside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
