import path from 'node:path';
import { FILE_RULE_HINT, listSiteFiles, type FileRule } from '../files/content-files.js';
import { DEFAULT_IGNORE } from '../pages/pages-folder.js';
import { PAGE_MODULE } from '../pages/react-pages.js';
import { isObject, type Data } from './map-values.js';

/**
 * Hydrates the site's React pages (`pages: { client: true }`) when its pages folder has one: Docusaurus hydrates
 * every page, and its landing pages are often interactive (tabs, a demo with state), so a migrated page keeps
 * working. The folder is only listed (through the file rule), nothing is read or run.
 */
export async function hydrateReactPages(config: Data, rule: FileRule): Promise<void> {
  if (config.pages === false) return;
  const pages: Data = isObject(config.pages) ? config.pages : {};
  const folder = typeof pages.path === 'string' ? pages.path : 'src/pages';
  const exclude = Array.isArray(pages.exclude) ? pages.exclude.filter((glob) => typeof glob === 'string') : [];
  const listing = await listSiteFiles(rule, path.resolve(rule.root, folder), {
    include: (file) => PAGE_MODULE.test(file) && !file.endsWith('.d.ts'),
    dot: false,
    ignore: [...DEFAULT_IGNORE, ...exclude],
    hint: FILE_RULE_HINT,
  });
  if (listing.files.length > 0) config.pages = { ...pages, client: true };
}
