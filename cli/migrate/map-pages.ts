/**
 * The pages options of a Docusaurus config (the classic preset's `pages`, or the pages plugin's): docsgen builds
 * `src/pages` the same way, so its folder, route and exclusions are carried over. What docsgen cannot honour is a
 * note.
 */

import { trimSlashes } from '../url-parts.js';
import { isObject, shownName, type Data, type Note } from './map-values.js';

/** Pages options docsgen does not read, and why. */
const PAGES_UNSUPPORTED: Record<string, string> = {
  include:
    'docsgen makes a page of every .md, .mdx, .tsx, .jsx, .ts and .js file of the folder: `include` is not carried over (list what is not a page in `exclude`)',
  mdxPageComponent: 'Markdown pages are shown in the theme’s own page layout',
  admonitions: 'admonitions are the docs’ (`markdown.admonitions`)',
  editUrl: 'pages show no edit link',
  showLastUpdateTime: 'pages show no last update',
  showLastUpdateAuthor: 'pages show no last update',
};

/** Writes `pages` from Docusaurus's options: `false` turns pages off; `path`, `routeBasePath` and `exclude` as they are. */
export function mapPages(options: unknown, config: Data, at: string, note: Note): void {
  if (options === false) {
    config.pages = false;
    return;
  }
  if (!isObject(options)) return;
  if (options.id !== undefined && options.id !== 'default') {
    note(`${at}.id`, `docsgen builds one pages folder: the instance ${shownName(options.id)} is not carried over`);
    return;
  }
  const out: Data = {};
  if (typeof options.path === 'string') out.path = options.path;
  if (typeof options.routeBasePath === 'string') out.routeBasePath = `/${trimSlashes(options.routeBasePath)}`;
  if (Array.isArray(options.exclude) && options.exclude.every((glob) => typeof glob === 'string'))
    out.exclude = options.exclude;
  for (const [key, why] of Object.entries(PAGES_UNSUPPORTED)) if (options[key] !== undefined) note(`${at}.${key}`, why);
  if (Object.keys(out).length) config.pages = out;
}
