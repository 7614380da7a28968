import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Route } from '../types.js';
import type { ExternalLinkUse } from './external-links.js';
import type { PageRefs } from './extract-html-refs.js';

const HTTP = /^https?:\/\//i;

/**
 * Every `http(s)` link of the rendered pages (their refs), placed in its source file when
 * the page's Markdown contains it; links only the theme renders (navbar,
 * footer: on every page) are listed once, against the config file. Links
 * to the site itself (`siteUrl`: canonical URLs, absolute self-links) are
 * left out: they may not be deployed yet, and the internal check covers them.
 */
export function collectExternalLinks(pages: { route: Route; refs: PageRefs }[], options: { root: string; configFile: string; siteUrl: string }): ExternalLinkUse[] {
  const { root, configFile } = options;
  const self = options.siteUrl.replace(/\/?$/, '/');
  const uses: ExternalLinkUse[] = [];
  const themeLinks = new Set<string>();
  const sources = new Map<string, string>();
  for (const { route, refs } of pages) {
    if (route.kind === 'redirect') continue;
    const source = route.file ? readSource(sources, path.resolve(root, route.file)) : '';
    for (const url of new Set(refs.refs.filter((ref) => HTTP.test(ref) && !(ref + '/').startsWith(self)))) {
      const place = source ? findInSource(source, url) : undefined;
      if (place) uses.push({ url, route: route.path, file: route.file, ...place });
      else if (!themeLinks.has(url)) {
        themeLinks.add(url);
        uses.push({ url, route: route.path, file: configFile });
      }
    }
  }
  return uses;
}

function readSource(cache: Map<string, string>, file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = '';
    }
    cache.set(file, text);
  }
  return text;
}

function findInSource(source: string, url: string): { line: number; column: number } | undefined {
  const index = source.indexOf(url);
  if (index === -1) return undefined;
  const before = source.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}
