import { stat } from 'node:fs/promises';
import path from 'node:path';
import { checkSiteFile, createFileRule, type FileRule } from '../files/site-files.js';

/** One file of the served site: in memory (`body`) or on disk (`file`, already checked to be inside its root). */
export type SiteEntry = { body: string | Uint8Array } | { file: string; size: number };

/**
 * Where the router finds the files of a site. `get` receives a path relative
 * to the site root (`docs/guides/index.html`), already free of `..` and
 * empty segments, and resolves to undefined when there is no such file.
 */
export interface SiteSource {
  get(sitePath: string): Promise<SiteEntry | undefined>;
}

/** Called with a file the rule refused to serve: its path as requested, where it resolves, and why. */
export type RefusedHandler = (sitePath: string, real: string, why: string) => void;

/**
 * Files under a folder on disk (`serve`'s out dir), by the file rule with the
 * folder as root: a path is served only when its real path (symlinks
 * resolved) is a regular file inside the folder's real path, outside `.git/`
 * and `node_modules/`, and not one of docsgen's marker, lock or staged
 * files. Directories are never listed; nothing is opened before the check.
 */
export function createDiskSource(dir: string, options: { onRefused?: RefusedHandler } = {}): SiteSource {
  const root = path.resolve(dir);
  let rule: FileRule | undefined;
  return {
    async get(sitePath) {
      if (!sitePath || sitePath.endsWith('/')) return undefined;
      const candidate = path.join(root, ...sitePath.split('/'));
      if (!candidate.startsWith(root + path.sep)) return undefined;
      // Made on first use: the folder may not exist yet when the source is created.
      rule ??= createFileRule(root, { outDirs: [], rootName: 'the served folder' });
      const check = checkSiteFile(rule, candidate);
      if (check.kind === 'refused') options.onRefused?.(sitePath, check.real, check.why);
      return check.kind === 'ok' ? fileEntry(check.real) : undefined;
    },
  };
}

/**
 * Only the listed files (site path → real path), each checked again by the
 * rule when it is requested: `dev` serves `public/` with this, so it answers
 * with exactly what a build would copy, and never a file that became a link
 * leading out since it was listed.
 */
export function createListedSource(files: () => ReadonlyMap<string, string>, rule: () => FileRule): SiteSource {
  return {
    async get(sitePath) {
      const real = files().get(sitePath);
      if (real === undefined) return undefined;
      const check = checkSiteFile(rule(), real);
      return check.kind === 'ok' ? fileEntry(check.real) : undefined;
    },
  };
}

/** The regular file at a real path (already checked by the rule) as an entry to serve; undefined for anything else. */
export async function fileEntry(real: string): Promise<SiteEntry | undefined> {
  const info = await stat(real).catch(() => undefined);
  return info?.isFile() ? { file: real, size: info.size } : undefined;
}

/** The first source that has the path wins. */
export function combineSources(...sources: SiteSource[]): SiteSource {
  return {
    async get(sitePath) {
      for (const source of sources) {
        const entry = await source.get(sitePath);
        if (entry) return entry;
      }
      return undefined;
    },
  };
}
