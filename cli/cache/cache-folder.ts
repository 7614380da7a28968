import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** The folders from the site root to the cache, each one created by docsgen or npm. */
const CACHE_PATH = ['node_modules', '.cache', 'docsgen'];
/** The same for a site whose `node_modules` is a symlink (a monorepo's, shared): the cache stays in the site. */
const SITE_CACHE_PATH = ['.cache', 'docsgen'];

/**
 * Where every cache of a site lives: `<root>/node_modules/.cache/docsgen`,
 * or `<root>/.cache/docsgen` when `<root>/node_modules` is a symlink (or not
 * a folder). A cache behind a symlink would sit in another tree, shared with
 * other sites, where `clear` and pruning refuse to delete: it stays in the
 * site instead.
 */
export function cacheDirOf(root: string): string {
  const modules = lstatSync(path.join(root, CACHE_PATH[0]), { throwIfNoEntry: false });
  return path.join(root, ...(modules && !modules.isDirectory() ? SITE_CACHE_PATH : CACHE_PATH));
}

/**
 * Why a site's cache folder (`cacheDirOf(root)`) may not be emptied: one of
 * `node_modules` (when the cache is there), `.cache` or `docsgen` on the way to it is a symlink (it
 * may lead anywhere, the home folder included) or not a folder. Undefined
 * when the way is plain folders, or ends at a folder that does not exist
 * yet. Deleting (`docsgen clear`, pruning after a build) asks first, so it
 * never reaches outside the cache.
 */
export function cacheFolderRefusal(cacheDir: string): string | undefined {
  const names = path.resolve(cacheDir).split(path.sep);
  const inSite =
    names.slice(-SITE_CACHE_PATH.length).join('/') === SITE_CACHE_PATH.join('/') &&
    names.slice(-CACHE_PATH.length).join('/') !== CACHE_PATH.join('/');
  const way = inSite ? SITE_CACHE_PATH : CACHE_PATH;
  const root = path.resolve(cacheDir, ...way.map(() => '..'));
  let dir = root;
  for (const name of way) {
    dir = path.join(dir, name);
    const stats = lstatSync(dir, { throwIfNoEntry: false });
    if (!stats) return undefined;
    const shown = path.relative(root, dir);
    if (stats.isSymbolicLink()) return `${shown} is a symlink to ${readlinkSync(dir)}`;
    if (!stats.isDirectory()) return `${shown} is not a folder`;
  }
  return undefined;
}
