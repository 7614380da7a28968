#!/usr/bin/env node
// First-load weight of built pages (SPEC/issue 5 budgets): the HTML, and every
// stylesheet, script, module preload and static import it pulls in, gzipped.
// Usage: node bench/weight.mjs [distDir] [page...]   (default: dist, a guide, home, an API page)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';

const BUDGET = { js: 70 * 1024, css: 30 * 1024, html: 40 * 1024 };
const [distArg, ...pageArgs] = process.argv.slice(2);
const dist = path.resolve(distArg ?? 'dist');
const pages = pageArgs.length
  ? pageArgs
  : ['docs/guides/formats/index.html', 'index.html', 'docs/api/classes/Camera/index.html'];

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const br = (buffer) => brotliCompressSync(buffer).length;
const fileOf = (url) => path.join(dist, new URL(url, 'http://site/').pathname);

/** Every JS module a script loads statically (esbuild's `import ... from "./x.js"` and `import "./x.js"`). */
function collectScripts(url, seen) {
  if (seen.has(url)) return;
  seen.add(url);
  const code = readFileSync(fileOf(url), 'utf8');
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["']([^"']+\.js)["']/g))
    collectScripts(new URL(match[1], new URL(url, 'http://site/')).pathname, seen);
}

let failed = false;
for (const page of pages) {
  const file = path.join(dist, page);
  if (!existsSync(file)) {
    console.error(`no such page: ${file} (build the site first)`);
    process.exit(2);
  }
  const html = readFileSync(file);
  const text = html.toString('utf8');
  const attr = (re) => [...text.matchAll(re)].map((m) => m[1]);
  const css = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const scripts = new Set();
  for (const src of [
    ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ])
    collectScripts(src, scripts);
  const size = (urls) =>
    urls.reduce(
      (sum, url) => ({ gz: sum.gz + gz(readFileSync(fileOf(url))), br: sum.br + br(readFileSync(fileOf(url))) }),
      { gz: 0, br: 0 },
    );
  const js = size([...scripts]);
  const styles = size(css);
  const row = { html: { gz: gz(html), br: br(html) }, css: styles, js };
  console.log(`\n${page}`);
  for (const [kind, value] of Object.entries(row)) {
    const over = value.gz > BUDGET[kind];
    failed ||= over;
    console.log(
      `  ${kind.padEnd(4)} ${(value.gz / 1024).toFixed(1).padStart(6)} KB gzip  ${(value.br / 1024).toFixed(1).padStart(6)} KB brotli   budget ${BUDGET[kind] / 1024} KB ${over ? 'OVER' : 'ok'}`,
    );
  }
  console.log(
    `  scripts: ${[...scripts].map((s) => `${s} ${(gz(readFileSync(fileOf(s))) / 1024).toFixed(1)} KB`).join(', ')}`,
  );
  const heads = text.slice(0, text.indexOf('</head>'));
  // What the head makes the browser fetch (canonical and og: URLs are not requests).
  const foreign = [
    ...heads.matchAll(/<(?:script[^>]+src|link(?![^>]+rel="canonical")[^>]+href)="((?:https?:)?\/\/[^"]+)"/g),
  ].map((m) => m[1]);
  if (foreign.length) {
    failed = true;
    console.log(`  requests to another origin: ${foreign.join(', ')}`);
  }
}
process.exitCode = failed ? 1 : 0;
