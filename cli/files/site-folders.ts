import { realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * A folder the config names outside the site root, such as a docs folder at
 * `../docs` beside a `website/` folder (the layout of many Docusaurus
 * repositories). The config is trusted, so the folder is part of the site;
 * content inside it is not, and is judged by the file rule as content under
 * the root is.
 */
export interface SiteFolder {
  /** Absolute, as the config names it (from the root as given). */
  written: string;
  /**
   * Where its files must really be: the real path of the nearest folder it
   * shares with the root (the repository, which the user checked out), plus
   * the rest as written. So a `docs` folder that content turned into a
   * symlink leading elsewhere is refused, as a symlinked `content/` is.
   */
  real: string;
}

/** Folders (and files) that never hold content, whatever their letter case: on macOS `.GIT/` is git's folder. */
export const NEVER_READ = ['.git', 'node_modules'];

/**
 * The folders among `folders` (absolute, or relative to `root`) that lie
 * outside the root. A folder inside the root needs no entry; one that holds
 * the root, or that is reached through `.git/` or `node_modules/`, gets none
 * either, so the rule refuses it (and the config check says why).
 */
export function siteFoldersOf(root: string, realRoot: string, folders: readonly string[]): SiteFolder[] {
  const found: SiteFolder[] = [];
  for (const folder of folders) {
    const written = path.resolve(root, folder);
    if (
      below(root, written) !== undefined ||
      below(realRoot, written) !== undefined ||
      below(written, root) !== undefined
    )
      continue;
    const anchor = commonFolder(root, written);
    const rest = path.relative(anchor, written);
    if (rest.split(path.sep).some((name) => NEVER_READ.includes(name.toLowerCase()))) continue;
    const real = path.join(realPathOf(anchor), rest);
    if (!found.some((known) => known.written === written)) found.push({ written, real });
  }
  return found;
}

/** Whether a path lies outside every folder of the list (by the paths as written, by their real paths, or either). */
export function outsideFolders(
  folders: readonly SiteFolder[],
  file: string,
  by: 'written' | 'real' | 'either' = 'either',
): boolean {
  return folders.every(
    (folder) =>
      (by === 'real' || below(folder.written, file) === undefined) &&
      (by === 'written' || below(folder.real, file) === undefined),
  );
}

/** The nearest folder holding both absolute paths. */
function commonFolder(a: string, b: string): string {
  let folder = a;
  while (below(folder, b) === undefined) {
    const parent = path.dirname(folder);
    if (parent === folder) return folder;
    folder = parent;
  }
  return folder;
}

/**
 * Where `file` is below `dir` ('' for `dir` itself), or undefined when it is
 * not below it. Both are absolute and normalised (real paths are), so this is
 * a prefix test: listings ask it for every file.
 */
export function below(dir: string, file: string): string | undefined {
  if (file === dir) return '';
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return file.startsWith(prefix) ? file.slice(prefix.length) : undefined;
}

/**
 * The real path of a file or folder, also when it does not exist yet (an
 * out dir before the first build): its nearest existing parent's real path,
 * with the rest as written.
 */
export function realPathOf(file: string): string {
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
