import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzipped bytes (zlib's default level, as `gzip` uses) a page loads on first view, by kind. */
export interface PageWeight {
  html: number;
  js: number;
  css: number;
  /** Site paths of the JS and CSS files counted. */
  files: string[];
}

/** Gzipped size of a file in bytes. */
export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

const SCRIPT_SRC = /<script\b[^>]*?\bsrc=["']([^"']+)["']/gi;
const LINK_TAG = /<link\b[^>]*>/gi;
const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']([^"']+)["']/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}=["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** The local site paths of a page's `<script src>`, `<link rel=stylesheet>` and `<link rel=modulepreload>`. */
export function pageAssetUrls(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(SCRIPT_SRC)].map((match) => match[1]);
  const styles: string[] = [];
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel.includes('stylesheet')) styles.push(href);
    else if (rel.includes('modulepreload')) scripts.push(href);
  }
  const local = (url: string) => !/^[a-z]+:|^\/\//i.test(url);
  return { scripts: scripts.filter(local), styles: styles.filter(local) };
}

/** The module and every module it imports statically (dynamic `import()` is loaded later, so not counted). */
function staticModuleGraph(distDir: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const file = path.join(distDir, entry);
  if (!existsSync(file)) return seen;
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    if (!/^\.{0,2}\//.test(match[1])) continue;
    staticModuleGraph(distDir, new URL(match[1], `http://site${entry}`).pathname, seen);
  }
  return seen;
}

/** The first-load weight of the page `pagePath` (e.g. `/docs/guides/formats`) of a built site. */
export function measurePageWeight(distDir: string, pagePath: string): PageWeight {
  const htmlFile = path.join(distDir, pagePath, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const { scripts, styles } = pageAssetUrls(html);
  const pathOf = (url: string) => new URL(url, `http://site${pagePath}/`).pathname;
  const jsFiles = new Set<string>();
  for (const script of scripts) for (const module of staticModuleGraph(distDir, pathOf(script))) jsFiles.add(module);
  const cssFiles = new Set(styles.map(pathOf));
  const sum = (files: Set<string>) =>
    [...files].reduce(
      (total, file) => total + (existsSync(path.join(distDir, file)) ? gzipSize(path.join(distDir, file)) : 0),
      0,
    );
  return { html: gzipSize(htmlFile), js: sum(jsFiles), css: sum(cssFiles), files: [...jsFiles, ...cssFiles] };
}
