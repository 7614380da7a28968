import path from 'node:path';
import type { PlannedDoc } from '../types.js';

/**
 * Pages of another folder as `.md` link targets of a folder's pages: each keyed by its path relative to that folder
 * (`../../blog/2024-05-28-launch.md` from `content/docs`), so `[x](../../blog/2024-05-28-launch.md)` in a doc
 * resolves to the post's route, and a post's link to a doc to the doc's, as Docusaurus resolves them. Only the
 * route table is read: a path names a page only if that page exists.
 */
export function linkTargets(pages: readonly PlannedDoc[], pagesDir: string, fromDir: string): PlannedDoc[] {
  const prefix = path.relative(fromDir, pagesDir).split(path.sep).join('/');
  return pages.map((page) => ({ path: page.path, file: { ...page.file, docPath: `${prefix}/${page.file.docPath}` } }));
}
