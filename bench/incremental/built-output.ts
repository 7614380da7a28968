import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SYNTHETIC_FOLDER } from '../synthetic/copy-page.js';

/** Where a synthetic doc page is written: `<root>/dist/docs/synthetic/<id>/index.html`. */
export function builtPageFile(root: string, id: string): string {
  return path.join(root, 'dist/docs', SYNTHETIC_FOLDER, id, 'index.html');
}

/** A built synthetic page's HTML, or '' when it was not written. */
export function builtPageHtml(root: string, id: string): string {
  const file = builtPageFile(root, id);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** The text of a page's `<title>`, entities left as they are. */
export function builtPageTitle(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

/**
 * Everything a reader of page `id` can see of its sidebar: the page's HTML plus the category fragments it fetches
 * when a collapsed category opens (`data-fragments="<folder url>"`, every file of that folder). Only HTML under
 * `dist/` is read.
 */
export function builtSidebarText(root: string, id: string): string {
  const html = builtPageHtml(root, id);
  const parts = [html];
  const dist = path.join(root, 'dist');
  for (const match of html.matchAll(/data-fragments="\/([^"]+)"/g)) {
    const folder = path.resolve(dist, match[1]);
    if (!folder.startsWith(dist + path.sep) || !existsSync(folder)) continue;
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.html'))
        parts.push(readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    }
  }
  return parts.join('\n');
}

/** The built synthetic doc pages (`dist/docs/synthetic/<id>/index.html`) and their total HTML size in bytes. */
export function builtDocPages(root: string): { count: number; bytes: number } {
  const dir = path.join(root, 'dist/docs', SYNTHETIC_FOLDER);
  if (!existsSync(dir)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry, 'index.html');
    if (!existsSync(file)) continue;
    count++;
    bytes += statSync(file).size;
  }
  return { count, bytes };
}
