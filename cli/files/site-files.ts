import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { LOCK_SUFFIX, MARKER_FILE, STAGED_OUTPUT } from '../write/output-names.js';

/**
 * The one rule for files that content names, that `public/` holds, that a
 * build copies and that `dev` or `serve` answers with: a file's real path,
 * every symlink resolved (the folders above it included), must lie inside the
 * root's real path and outside `.git/`, `node_modules/` and the build output.
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
}

/** What the rule says of one path: allowed (at its real path), missing, or refused (where it resolves, and why). */
export type FileCheck = { kind: 'ok'; real: string } | { kind: 'missing' } | { kind: 'refused'; real: string; why: string };

/** Folders (and files) that never hold content, whatever their letter case: on macOS `.GIT/` is git's folder. */
const NEVER_READ = ['.git', 'node_modules'];


/**
 * The rule for a site root. `outDirs` are this build's out dirs (default
 * `<root>/dist`, the one a build with no `--out-dir` writes); other folders
 * docsgen wrote are recognised by their marker file. `rootName` names the
 * root in messages (`serve` passes "the served folder").
 */
export function createFileRule(root: string, options: { outDirs?: string[]; rootName?: string } = {}): FileRule {
  const absolute = path.resolve(root);
  return {
    root: absolute,
    realRoot: realPathOf(absolute),
    outDirs: (options.outDirs ?? [path.join(absolute, 'dist')]).map((dir) => realPathOf(path.resolve(absolute, dir))),
    rootName: options.rootName ?? 'the site root',
  };
}

/**
 * Decides whether a file (or folder) may be read, published or served. A
 * path that already leaves the root as written (from the root as given or
 * its real path) is refused without touching the disk; otherwise its real
 * path is judged by `whyRefused`.
 */
export function checkSiteFile(rule: FileRule, file: string): FileCheck {
  const absolute = path.resolve(rule.root, file);
  if (below(rule.root, absolute) === undefined && below(rule.realRoot, absolute) === undefined) {
    return { kind: 'refused', real: absolute, why: `outside ${rule.rootName}` };
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
  const relative = below(rule.realRoot, real);
  if (relative === undefined) return `outside ${rule.rootName}`;
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
  let dir = rule.realRoot.endsWith(path.sep) ? rule.realRoot.slice(0, -1) : rule.realRoot;
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

/**
 * Where `file` is below `dir` ('' for `dir` itself), or undefined when it is
 * not below it. Both are absolute and normalised (real paths are), so this is
 * a prefix test: listings ask it for every file.
 */
function below(dir: string, file: string): string | undefined {
  if (file === dir) return '';
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return file.startsWith(prefix) ? file.slice(prefix.length) : undefined;
}

/** A real path as messages show it: from the root when inside it, absolute otherwise. */
export function showPath(rule: FileRule, real: string): string {
  const relative = path.relative(rule.realRoot, real);
  if (relative === '') return '.';
  return isOutside(relative) ? real : relative.split(path.sep).join('/');
}

/** A path as messages name it: from the root as given. */
export function nameOf(rule: FileRule, file: string): string {
  const relative = path.relative(rule.root, path.resolve(rule.root, file));
  return isOutside(relative) ? path.resolve(rule.root, file) : relative.split(path.sep).join('/');
}

function isOutside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

/**
 * The real path of a file or folder, also when it does not exist yet (an
 * out dir before the first build): its nearest existing parent's real path,
 * with the rest as written.
 */
function realPathOf(file: string): string {
  const rest: string[] = [];
  let current = file;
  for (;;) {
    try {
      return path.join(realpathSync.native(current), ...rest);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return file;
      rest.unshift(path.basename(current));
      current = parent;
    }
  }
}
