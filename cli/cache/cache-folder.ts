import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** The folders from the site root to the cache, each one created by docsgen or npm. */
const CACHE_PATH = ['node_modules', '.cache', 'docsgen'];

/** Where every cache of a site lives: `<root>/node_modules/.cache/docsgen`. */
export function cacheDirOf(root: string): string {
  return path.join(root, ...CACHE_PATH);
}

/**
 * Why a site's cache folder (`cacheDirOf(root)`) may not be emptied: one of
 * `node_modules`, `.cache` or `docsgen` on the way to it is a symlink (it
 * may lead anywhere, the home folder included) or not a folder. Undefined
 * when the way is plain folders, or ends at a folder that does not exist
 * yet. Deleting (`docsgen clear`, pruning after a build) asks first, so it
 * never reaches outside the cache.
 */
export function cacheFolderRefusal(cacheDir: string): string | undefined {
  const root = path.resolve(cacheDir, ...CACHE_PATH.map(() => '..'));
  let dir = root;
  for (const name of CACHE_PATH) {
    dir = path.join(dir, name);
    const stats = lstatSync(dir, { throwIfNoEntry: false });
    if (!stats) return undefined;
    const shown = path.relative(root, dir);
    if (stats.isSymbolicLink()) return `${shown} is a symlink to ${readlinkSync(dir)}`;
    if (!stats.isDirectory()) return `${shown} is not a folder`;
  }
  return undefined;
}
