import { statSync } from 'node:fs';
import type { ContentFile, Diagnostic, PlannedDoc } from '../types.js';
import { findRouteTextProblem } from '../route-text.js';
import { trimTrailingSlashes } from '../url-parts.js';
import { authorOf, type BlogAuthor } from './authors-file.js';
import { legacyAuthor } from './legacy-author.js';
import { parseFrontMatterDate, parsePostPath } from './post-path.js';
import { tagSlug } from './tag-slug.js';

/** A post with what its file name and front matter say: its route, date, authors and tags. */
export interface BlogPost extends PlannedDoc {
  /** ISO 8601. */
  date: string;
  authors: BlogAuthor[];
  tags: { label: string; slug: string }[];
  unlisted: boolean;
}

/**
 * Plans each post's route and reads its date, authors and tags (Docusaurus's conventions). A dated file name gives
 * `/<base>/YYYY/MM/DD/<name>`, any other `/<base>/<path>`, front matter `slug` `/<base>/<slug>`. Drafts are left
 * out (they are never built). Posts are sorted newest first.
 */
export function planPosts(
  files: ContentFile[],
  routeBase: string,
  authorsMap: ReadonlyMap<string, BlogAuthor>,
): { posts: BlogPost[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const posts: BlogPost[] = [];
  for (const file of files) {
    const fm = file.frontMatter;
    if (fm.draft) continue;
    const error = (message: string, hint: string, line = 1): Diagnostic => ({
      severity: 'error',
      rule: 'invalid-blog-post',
      message,
      file: file.file,
      line,
      column: 1,
      hint,
    });
    const parsed = parsePostPath(file.docPath);
    let date = parsed.date ? `${parsed.date}T00:00:00.000Z` : undefined;
    if (fm.date !== undefined) {
      const fromFront = parseFrontMatterDate(fm.date);
      if (fromFront) date = fromFront;
      else
        diagnostics.push(
          error(`front matter date '${fm.date}' is not a date`, 'write it as YYYY-MM-DD', file.blogKeyLines?.date),
        );
    }
    // As Docusaurus: with no date in the name or the front matter, the file's own time.
    date ??= new Date(statSync(file.path).mtimeMs).toISOString();
    const slug =
      fm.slug?.replace(/^\/+/, '') ??
      (parsed.date ? `${parsed.folder ?? ''}${parsed.date.split('-').join('/')}/${parsed.text}` : parsed.text);
    const problem = findRouteTextProblem(slug);
    if (problem) {
      diagnostics.push(error(`the post's route '${slug}' ${problem}`, 'rename the file or set a front matter slug'));
      continue;
    }
    const authors = readAuthors(file, authorsMap, diagnostics);
    const tags = (fm.tags ?? []).map((tag) => (typeof tag === 'string' ? tag : tag.label));
    posts.push({
      file,
      path: trimTrailingSlashes(`/${routeBase}/${slug}`),
      date,
      authors,
      tags: [...new Set(tags)].map((label) => ({ label, slug: tagSlug(label) })),
      unlisted: !!fm.unlisted,
    });
  }
  posts.sort((a, b) => (a.date === b.date ? a.path.localeCompare(b.path) : a.date < b.date ? 1 : -1));
  return { posts, diagnostics };
}

/** The post's authors: keys of authors.yml, or inline entries (their URLs checked like authors.yml's). */
function readAuthors(file: ContentFile, map: ReadonlyMap<string, BlogAuthor>, diagnostics: Diagnostic[]): BlogAuthor[] {
  const written = file.frontMatter.authors ?? legacyAuthor(file.frontMatter);
  const list = written === undefined ? [] : Array.isArray(written) ? written : [written];
  const authors: BlogAuthor[] = [];
  for (const entry of list) {
    const key = typeof entry === 'string' ? entry : entry.key;
    const known = key === undefined ? undefined : map.get(key);
    if (typeof entry === 'string' && !known) {
      diagnostics.push({
        severity: 'error',
        rule: 'invalid-blog-post',
        message: `author '${entry}' is not in the authors file`,
        file: file.file,
        line: file.blogKeyLines?.authors ?? 1,
        column: 1,
        hint: 'add the key to authors.yml, or write the author inline as {name, title?, url?, image_url?}',
      });
      continue;
    }
    if (typeof entry === 'string') {
      authors.push(known!);
      continue;
    }
    const author = authorOf({ ...known, ...entry, name: entry.name ?? known?.name });
    if ('unsafe' in author) {
      diagnostics.push({
        severity: 'error',
        rule: 'invalid-blog-post',
        message: `author ${author.unsafe}: only http(s) URLs and paths of the site are allowed`,
        file: file.file,
        line: file.blogKeyLines?.authors ?? 1,
        column: 1,
        hint: 'use an https:// URL or a path such as /img/avatar.png',
      });
      continue;
    }
    authors.push(author);
  }
  return authors;
}
