import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMap, LineCounter, parseDocument, type Node } from 'yaml';
import * as z from 'zod';
import { checkSiteFile, type FileRule } from '../files/content-files.js';
import { nodeAt } from '../load/front-matter.js';
import { isSafeUrl } from '../markdown/safe-url.js';
import type { Diagnostic } from '../types.js';

/** An author of the blog, as `authors.yml` or a post's front matter names them. */
export interface BlogAuthor {
  key?: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
}

/** Real authors files are a few kilobytes; the limit keeps a huge or deeply nested one from stalling the parser. */
export const MAX_AUTHORS_FILE_SIZE = 256 * 1024;
const MAX_ALIAS_COUNT = 100;
const HINT = 'authors.yml maps each key to {name, title?, url?, image_url?}; URLs are http(s) or a path of the site';

const authorSchema = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  imageURL: z.string().optional(),
});

/**
 * Reads the blog's authors file, when there is one, as data only: through the file rule (a file outside the site
 * or a link leading out is refused), bounded in size, YAML with the core schema and bounded aliases. Each bad
 * entry is an error at its line and column; the others are kept.
 */
export function readAuthorsFile(
  rule: FileRule,
  root: string,
  blogDir: string,
  name: string,
): { authors: Map<string, BlogAuthor>; diagnostics: Diagnostic[] } {
  const authors = new Map<string, BlogAuthor>();
  const absolute = path.resolve(root, blogDir, name);
  const file = path.relative(root, absolute);
  const error = (message: string, line = 1, column = 1): Diagnostic => ({
    severity: 'error',
    rule: 'invalid-blog-authors',
    message,
    file,
    line,
    column,
    hint: HINT,
  });
  const check = checkSiteFile(rule, absolute);
  if (check.kind === 'missing') return { authors, diagnostics: [] };
  if (check.kind === 'refused')
    return { authors, diagnostics: [error(`the authors file is not read: it resolves ${check.why}`)] };
  const size = statSync(check.real).size;
  if (size > MAX_AUTHORS_FILE_SIZE)
    return {
      authors,
      diagnostics: [error(`the file is too large (${Math.ceil(size / 1024)} KB; the limit is 256 KB)`)],
    };
  const text = readFileSync(check.real, 'utf8').replace(/^\uFEFF/, '');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, schema: 'core', uniqueKeys: true });
  const at = (offset: number | undefined) => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return [line, col] as const;
  };
  const problem = doc.errors[0];
  if (problem) {
    const reason = problem.code === 'RESOURCE_EXHAUSTION' ? 'it is nested too deeply' : problem.message.split('\n')[0];
    return { authors, diagnostics: [error(`invalid YAML: ${reason}`, ...at(problem.pos[0]))] };
  }
  if (doc.contents === null) return { authors, diagnostics: [] };
  if (!isMap(doc.contents))
    return {
      authors,
      diagnostics: [error('the file must map author keys to authors', ...at(doc.contents.range?.[0]))],
    };
  let value: Record<string, unknown>;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as Record<string, unknown>;
  } catch (failure) {
    return { authors, diagnostics: [error(`invalid YAML: ${(failure as Error).message}`)] };
  }
  const diagnostics: Diagnostic[] = [];
  for (const [key, entry] of Object.entries(value)) {
    const place = (sub: PropertyKey[]) => at(nodeAt(doc.contents as Node, [key, ...sub])?.range?.[0]);
    const parsed = authorSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = [key, ...issue.path].join('.');
      diagnostics.push(error(`${where}: ${issue.message.replace(/^Invalid input: /, '')}`, ...place(issue.path)));
      continue;
    }
    const author = authorOf({ ...parsed.data, key });
    if ('unsafe' in author) {
      diagnostics.push(
        error(
          `${key}.${author.unsafe}: only http(s) URLs and paths of the site are allowed`,
          ...place([author.unsafe]),
        ),
      );
      continue;
    }
    authors.set(key, author);
  }
  return { authors, diagnostics };
}

/** An author entry with its URLs checked as content links are (no `javascript:` or `data:`). */
export function authorOf(entry: {
  key?: string;
  name?: string;
  title?: string;
  url?: string;
  image_url?: string;
  imageURL?: string;
}): BlogAuthor | { unsafe: 'url' | 'image_url' } {
  const imageUrl = entry.image_url ?? entry.imageURL;
  if (entry.url !== undefined && !isSafeUrl(entry.url)) return { unsafe: 'url' };
  if (imageUrl !== undefined && !isImageUrl(imageUrl)) return { unsafe: 'image_url' };
  return {
    ...(entry.key ? { key: entry.key } : {}),
    name: entry.name ?? entry.key ?? '',
    ...(entry.title ? { title: entry.title } : {}),
    ...(entry.url ? { url: entry.url } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  };
}

/** An avatar: an http(s) URL or a path (never `mailto:`, `javascript:`, `data:`). */
function isImageUrl(url: string): boolean {
  return isSafeUrl(url) && !url.trim().toLowerCase().startsWith('mailto:');
}
