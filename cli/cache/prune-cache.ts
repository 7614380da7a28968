import { type Dirent, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { cacheFolderRefusal } from './cache-folder.js';

/**
 * Entries that look after themselves: the external-link results expire by
 * age (check/external-links.ts); dev-theme/ holds only the theme module a
 * running `dev` is importing; output/ holds one manifest per out dir, each
 * replaced by the next build into it (write/output-manifest.ts).
 */
const SELF_MANAGED = new Set(['external-links.json', 'dev-theme', 'output']);

/**
 * Removes from a site's cache folder everything `used` does not name (paths
 * relative to the cache folder: an entry file, or a folder kept whole), so
 * the cache holds what the last build used and never grows without bound.
 * Symlinks inside are removed as links, never followed; nothing is removed
 * when the cache folder itself is reached through a symlink (cache-folder.ts).
 * Returns how many entries went.
 */
export function pruneCache(dir: string, used: Set<string>): number {
  if (cacheFolderRefusal(dir)) return 0;
  const ancestors = new Set<string>();
  for (const entry of used)
    for (let parent = path.dirname(entry); parent !== '.'; parent = path.dirname(parent)) ancestors.add(parent);
  let removed = 0;
  const walk = (relative: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const rel = relative ? path.join(relative, entry.name) : entry.name;
      if (used.has(rel) || (!relative && SELF_MANAGED.has(entry.name))) continue;
      if (ancestors.has(rel) && entry.isDirectory()) walk(rel);
      else {
        rmSync(path.join(dir, rel), { recursive: true, force: true });
        removed++;
      }
    }
  };
  walk('');
  return removed;
}
