/**
 * The blog's options (the classic preset's `blog`, or `@docusaurus/plugin-content-blog`'s): the ones docsgen's
 * `blog` has are carried over as they are; the others are notes.
 */

import { trimSlashes } from '../url-parts.js';
import { isObject, shownName, withoutUndefined, type Data, type Note } from './map-values.js';

/** The options docsgen reads, each with the kind of value it takes. */
const CARRIED: Record<string, 'string' | 'number' | 'boolean'> = {
  path: 'string',
  routeBasePath: 'string',
  postsPerPage: 'number',
  blogTitle: 'string',
  blogDescription: 'string',
  showReadingTime: 'boolean',
  authorsMapPath: 'string',
  blogSidebarCount: 'number',
  blogSidebarTitle: 'string',
};

/** Options that are code or that docsgen has no use for: not carried over, without a note. */
const QUIET = new Set(['id', 'editUrl', 'include', 'exclude', 'showLastUpdateTime', 'showLastUpdateAuthor']);

/** Options that take Docusaurus's `'ALL'` besides a number. */
const ALL_KEYS = new Set(['postsPerPage', 'blogSidebarCount']);

/** Maps the blog's options onto `config.blog`; `false` turns the blog off. A second blog is a note. */
export function mapBlog(options: unknown, config: Data, at: string, note: Note): void {
  if (options === false) {
    config.blog = false;
    return;
  }
  if (!isObject(options)) return;
  if (config.blog !== undefined) {
    note(at, 'a second blog is not read: docsgen builds one blog');
    return;
  }
  const blog: Data = {};
  for (const [key, value] of Object.entries(options)) {
    const kind = CARRIED[key];
    if (kind && (typeof value === kind || (value === 'ALL' && ALL_KEYS.has(key))))
      blog[key] = key === 'routeBasePath' ? trimSlashes(value as string) : value;
    else if (kind)
      note(`${at}.${key}`, `${shownName(value)} is not carried over: docsgen's blog.${key} takes a ${kind}`);
    else if (key === 'feedOptions') {
      if (isObject(value)) blog.feedOptions = feedOptionsOf(value, `${at}.feedOptions`, note);
    } else if (!QUIET.has(key)) note(`${at}.${key}`, "not carried over: docsgen's blog has no such option");
  }
  config.blog = blog;
}

function feedOptionsOf(options: Data, at: string, note: Note): Data {
  const { type, title, description, copyright } = options;
  const types = ['rss', 'atom', 'all'];
  const validType =
    type === null ||
    (typeof type === 'string' && types.includes(type)) ||
    (Array.isArray(type) && type.every((t) => t === 'rss' || t === 'atom'));
  if (type !== undefined && !validType)
    note(`${at}.type`, `${shownName(type)} is not carried over: docsgen writes rss, atom, all, a list of them or null`);
  for (const key of Object.keys(options))
    if (!['type', 'title', 'description', 'copyright'].includes(key))
      note(`${at}.${key}`, "not carried over: docsgen's feedOptions are type, title, description and copyright");
  return withoutUndefined({
    type: validType ? type : undefined,
    title: typeof title === 'string' ? title : undefined,
    description: typeof description === 'string' ? description : undefined,
    copyright: typeof copyright === 'string' ? copyright : undefined,
  });
}
