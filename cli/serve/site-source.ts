import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Files under a folder on disk. A path is served only when its real path
 * (symlinks resolved) is a regular file inside the folder's real path;
 * directories are never listed. Nothing is opened before that check.
 */
export function createDiskSource(dir: string): SiteSource {
  const root = path.resolve(dir);
  let realRoot: Promise<string | undefined> | undefined;
  return {
    async get(sitePath) {
      if (!sitePath || sitePath.endsWith('/')) return undefined;
      realRoot ??= realpath(root).catch(() => {
        realRoot = undefined;
        return undefined;
      });
      const base = await realRoot;
      if (!base) return undefined;
      const candidate = path.join(root, ...sitePath.split('/'));
      if (!candidate.startsWith(root + path.sep)) return undefined;
      let real: string;
      try {
        real = await realpath(candidate);
      } catch {
        return undefined;
      }
      if (!real.startsWith(base + path.sep)) return undefined;
      const info = await stat(real).catch(() => undefined);
      return info?.isFile() ? { file: real, size: info.size } : undefined;
    },
  };
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
