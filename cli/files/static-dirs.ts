import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic } from '../types.js';
import type { FileRule } from './site-files.js';
import { listPublicFiles } from './content-files.js';
import type { ListedFile } from './list-files.js';

/** A file of a static folder: its output path, the real path it is copied from, and the folder (from the root) it is in. */
export interface StaticFile extends ListedFile {
  dir: string;
}

/** The published files of every static folder, and what was refused or clashed. */
export interface StaticListing {
  files: StaticFile[];
  diagnostics: Diagnostic[];
}

/** The static folders (`staticDirectories`), absolute, in the config's order. */
export function staticDirsOf(config: SiteConfig, root: string): string[] {
  return config.staticDirectories.map((dir) => path.resolve(root, dir));
}

/**
 * The files of the static folders that may be published, dot files included,
 * each with the real path it is copied (or served) from; refused files,
 * broken links and symlinked folders are diagnostics. Two folders with a file
 * at one path would publish two files at one URL: an error naming both (the
 * first folder's file is kept), as Docusaurus's copy step refuses it too.
 * `build`, `check` and `dev` all list the static folders with this, and the
 * build copies exactly this list.
 */
export async function listStaticFiles(
  rule: FileRule,
  dirs: readonly string[],
  /** Where a static file that is a link may lead besides the static folders: the docs folder. */
  docsFolders: readonly string[] = [],
): Promise<StaticListing> {
  const byPath = new Map<string, StaticFile>();
  const diagnostics: Diagnostic[] = [];
  for (const dir of dirs) {
    const shown = path.relative(rule.root, dir) || '.';
    const listing = await listPublicFiles(rule, dir, [...dirs, ...docsFolders]);
    diagnostics.push(...listing.diagnostics);
    for (const file of listing.files) {
      const first = byPath.get(file.path);
      if (!first) {
        byPath.set(file.path, { ...file, dir: shown });
        continue;
      }
      diagnostics.push({
        severity: 'error',
        rule: 'output-clash',
        message: `${path.posix.join(shown, file.path)} and ${path.posix.join(first.dir, file.path)} would both be published as /${file.path}`,
        file: path.posix.join(shown, file.path),
        hint: 'remove or rename one of them: every static folder is copied to the root of the site',
      });
    }
  }
  const files = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}

/**
 * The files a site path (`/img/logo.svg`) may name, one per static folder in
 * the config's order: the first that exists is the one published.
 */
export function staticCandidates(dirs: readonly string[], sitePath: string): string[] {
  const relative = sitePath.replace(/^\/+/, '');
  return dirs.map((dir) => path.join(dir, relative));
}
