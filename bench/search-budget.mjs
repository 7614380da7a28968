// Search budgets (issue 6), measured in Chromium against real builds:
//   1. this site: gzipped bytes fetched from opening search to the first results (budget 60 KB),
//      and the time from a keystroke to rendered results once loaded, after the typing pause (budget 30 ms);
//   2. a synthetic 10,000-page site: index build time, and bytes fetched for a first query (budget 1.5 MB).
// Run: node --import tsx bench/search-budget.mjs   (needs /usr/bin/chromium; writes bench/search-budget.json)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startServeProcess } from '../tests/helpers/cli-process.ts';
import { buildSearchIndex } from '../cli/search/build-search-index.ts';
import { TYPING_PAUSE_MS } from '../templates/client/search/typing-pause.ts';
import { TIME_MODAL_QUERY } from './scenarios/search-relevance.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Opens search on a guide page, types the query and sums the gzipped size of every file fetched until results show. */
async function firstQuery(browser, server, dir, query) {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/docs/guides`);
  await page.waitForLoadState('networkidle');
  const fetched = [];
  page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('docsgen:open-search')));
  await page.locator('.search-modal-input').fill(query);
  await page.waitForFunction(
    () =>
      document.querySelector('.search-option, .search-no-results, .search-error') &&
      !document.querySelector('.search-modal-form[aria-busy]'),
  );
  const hits = await page.locator('.search-option').count();
  let bytes = 0;
  for (const file of fetched) bytes += gzipSync(readFileSync(path.join(dir, decodeURIComponent(file)))).length;
  // Keystroke → results, now that the modal and the shards for this query are loaded.
  const times = [];
  for (const text of [query.slice(0, -1), query, `${query} `, query]) {
    times.push(await page.evaluate(`(${TIME_MODAL_QUERY})(${JSON.stringify(text)})`));
  }
  await page.close();
  return {
    query,
    hits,
    files: fetched.length,
    kbGzip: kb(bytes),
    // The search waits for typing to pause (TYPING_PAUSE_MS) before it runs: what is measured is the time after it.
    keystrokeMs: Math.round((median(times) - TYPING_PAUSE_MS) * 10) / 10,
    keystrokeMaxMs: Math.round((Math.max(...times) - TYPING_PAUSE_MS) * 10) / 10,
  };
}

async function measure(dir, queries) {
  const server = await startServeProcess(dir);
  const browser = await launchBrowser();
  try {
    const results = [];
    for (const query of queries) results.push(await firstQuery(browser, server, dir, query));
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** 10,000 rendered pages with five sections each, from a 30,000-word vocabulary plus camelCase API names. */
function syntheticPages(count) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const syllables = [
    'ca',
    'me',
    'ra',
    'fo',
    'to',
    'vi',
    'de',
    'o',
    'pho',
    'frame',
    'pro',
    'ces',
    'sor',
    'lens',
    'zo',
    'om',
    'flash',
    'ex',
    'po',
    'sure',
    'hdr',
    'co',
    'de',
    'scan',
    'ner',
    'pix',
    'el',
  ];
  const word = () =>
    Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(
      '',
    );
  const vocabulary = Array.from({ length: 30000 }, word);
  const api = Array.from(
    { length: 2000 },
    () => `use${word()[0].toUpperCase()}${word().slice(1)}${word()[0].toUpperCase()}${word().slice(1)}`,
  );
  const sentence = (n) =>
    Array.from({ length: n }, () =>
      random() < 0.03
        ? api[Math.floor(random() * api.length)]
        : vocabulary[Math.floor(random() ** 2 * vocabulary.length)],
    ).join(' ');
  return Array.from({ length: count }, (_, i) => {
    const sections = Array.from(
      { length: 4 },
      (_, s) =>
        `<h${s % 2 ? 3 : 2} id="s${s}">${sentence(3)}</h${s % 2 ? 3 : 2}><p>${sentence(60)}</p><p>${sentence(40)}</p>`,
    ).join('');
    const html = `<main><article class="doc-article"><div class="markdown"><p>${sentence(50)}</p>${sections}</div></article></main>`;
    const title = sentence(3);
    return {
      route: {
        path: `/docs/section-${i % 50}/page-${i}`,
        kind: 'doc',
        title,
        breadcrumbs: [{ label: `Section ${i % 50}` }, { label: title }],
      },
      outPath: '',
      html,
    };
  });
}

const work = mkdtempSync(path.join(os.tmpdir(), 'docsgen-search-bench-'));
try {
  const out = path.join(work, 'site');
  const built = spawnSync(process.execPath, [path.join(root, 'bin/docsgen.mjs'), 'build', '--out-dir', out], {
    cwd: root,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
  const indexFiles = readdirSync(path.join(out, 'search')).filter((f) => f.endsWith('.json'));
  const siteIndexKb = kb(
    indexFiles.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(out, 'search', f))).length, 0),
  );
  const site = await measure(out, ['takePhoto', 'camera', 'frame processor', 'usecameradevice', 'hdr']);

  const pages = syntheticPages(10_000);
  const started = performance.now();
  const index = buildSearchIndex(pages, { baseUrl: '/', issuesUrl: undefined, search: { provider: 'local' } });
  const buildMs = Math.round(performance.now() - started);
  for (const f of indexFiles) rmSync(path.join(out, 'search', f));
  let totalGzip = 0;
  for (const [file, contents] of index.files) {
    writeFileSync(path.join(out, file), contents);
    totalGzip += gzipSync(contents).length;
  }
  const settings = JSON.parse(index.files.get('search/settings.json'));
  const probe = pages[1234].html.match(/<p>(\S+) (\S+)/);
  const synthetic = await measure(out, [probe[1], `${probe[1]} ${probe[2]}`, 'camera', 'use']);

  const report = {
    date: new Date().toISOString(),
    site: {
      indexFiles: indexFiles.length,
      indexKbGzip: siteIndexKb,
      firstQueries: site,
      typingPauseMs: TYPING_PAUSE_MS,
      budgets: { firstQueryKb: 60, keystrokeMs: 30 },
    },
    synthetic10k: {
      pages: pages.length,
      records: index.records,
      buildMs,
      files: index.files.size,
      keyLength: settings.index.keyLength,
      indexKbGzip: kb(totalGzip),
      firstQueries: synthetic,
      budgets: { firstQueryKb: 1536 },
    },
  };
  writeFileSync(path.join(root, 'bench/search-budget.json'), JSON.stringify(report, null, 2) + '\n');
  console.log(JSON.stringify(report, null, 2));
} finally {
  rmSync(work, { recursive: true, force: true });
}
