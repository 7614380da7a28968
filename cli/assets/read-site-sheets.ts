import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkContentFile } from '../files/content-folders.js';
import { checkSiteFile } from '../files/site-files.js';
import type { SiteStyles } from './site-styles.js';

/** How deep `@import`s are followed to find the colours a stylesheet sets. */
const MAX_DEPTH = 8;

/**
 * The text of the site's stylesheets in cascade order, each file's relative
 * `@import`s before its own rules (`@import './brand.css'` often holds the
 * Infima variables), so readable-primary.ts sees the values that win. Only
 * files the bundle may read are followed: by the file rule, and a file of a
 * content folder only where it leads into the content folders.
 */
export function readSiteSheets(site: SiteStyles): string[] {
  const seen = new Set<string>();
  const sheets: string[] = [];
  const visit = (file: string, depth: number) => {
    if (seen.has(file) || depth > MAX_DEPTH) return;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const specifier of relativeImports(text)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (mayRead(site, target)) visit(target, depth + 1);
    }
    sheets.push(text);
  };
  for (const file of site.files) visit(file, 0);
  return sheets;
}

function mayRead(site: SiteStyles, file: string): boolean {
  const check = checkSiteFile(site.content.rule, file);
  if (check.kind !== 'ok' || !statSync(check.real).isFile()) return false;
  const inContent = site.content.folders.some((dir) => file === dir || file.startsWith(dir + path.sep));
  return !inContent || checkContentFile(site.content, file).kind === 'ok';
}

/** The relative paths of a stylesheet's `@import './x.css'` and `@import url('./x.css')` rules. */
function relativeImports(css: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (;;) {
    const at = css.indexOf('@import', from);
    if (at === -1) return found;
    from = at + 7;
    let rest = css.slice(from, css.indexOf(';', from) === -1 ? css.length : css.indexOf(';', from)).trim();
    if (rest.startsWith('url('))
      rest = rest.slice(4, rest.indexOf(')') === -1 ? rest.length : rest.indexOf(')')).trim();
    const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : '';
    const specifier = quote
      ? rest.slice(1, rest.indexOf(quote, 1) === -1 ? 1 : rest.indexOf(quote, 1))
      : rest.split(/\s/)[0];
    if (specifier.startsWith('./') || specifier.startsWith('../')) found.push(specifier);
  }
}
