import { TYPING_PAUSE_MS } from '../../templates/client/search/typing-pause.js';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/helpers/browser.js';
import { chromiumMissing } from '../../tests/helpers/chromium.js';
import { startServeProcess } from '../../tests/helpers/cli-process.js';
import { failureNote, round, siteOutDir, type BenchContext, type ScenarioResult } from '../context.js';
import { measureDocsgen, median } from '../measure.js';
import {
  loadQueries,
  rankedPages,
  scoreRelevance,
  type RelevanceQuery,
  type RelevanceReport,
} from '../search/relevance.js';

/** The page search is opened on, as search-budget.mjs does. */
const START_PAGE = '/docs/guides';
/** Pages asked of Pagefind for the ranking (MAX_RANK), and whose fragments count towards its first query (success@5). */
const PAGEFIND_RANKED = 10;
const PAGEFIND_FIRST_SCREEN = 5;
/** Timed repeats of each query once its shards are loaded; the query's latency is their median. */
const TIMED_REPEATS = 3;
/** A blank page of the site's origin for Pagefind, so that nothing of docsgen's is loaded beside it. */
const BLANK = '/__bench-pagefind-blank';

/** One query's outcome in one engine. */
interface QueryRun {
  /** Result URLs in the order shown. */
  urls: string[];
  /** Gzipped bytes fetched for the first query on a fresh page (see wireBytes). */
  firstQueryBytes: number;
  /** Files fetched for it, by path. */
  files: string[];
  /** Median of the timed repeats, milliseconds. */
  latencyMs: number;
  error?: string;
}

interface EngineOutcome {
  report: RelevanceReport;
  firstQueryKiB: { median: number | null; max: number | null; costliest: string | null; files: string[] };
  latencyMs: { median: number | null; max: number | null; slowest: string | null };
  errors: Array<{ query: string; error: string }>;
}

/**
 * A file's bytes on the wire with gzip, read from disk: its gzipped size, or its own size when it is already
 * compressed (Pagefind's `.pf_*` files and wasm are gzip streams on disk, served as they are).
 */
function wireBytes(file: string): number {
  const contents = readFileSync(file);
  return Math.min(contents.length, gzipSync(contents).length);
}

/** A fetched path that is a file of the built site other than an HTML page (the router prefetches pages). */
function searchFile(distDir: string, urlPath: string): boolean {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  return !file.endsWith('.html') && existsSync(file) && statSync(file).isFile();
}

function kib(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}

/** Median and max of one figure over the queries, and the query with the max. */
function spread(runs: QueryRun[], queries: RelevanceQuery[], figure: (run: QueryRun) => number) {
  const values = runs.map(figure);
  if (values.length === 0) return { median: null, max: null, worst: null };
  const max = Math.max(...values);
  return { median: median(values), max, worst: queries[values.indexOf(max)].query };
}

function outcome(queries: RelevanceQuery[], runs: QueryRun[]): EngineOutcome {
  const bytes = spread(runs, queries, (run) => run.firstQueryBytes);
  const latency = spread(runs, queries, (run) => run.latencyMs);
  return {
    report: scoreRelevance(
      queries,
      runs.map((run) => rankedPages(run.urls)),
    ),
    firstQueryKiB: {
      median: bytes.median === null ? null : kib(bytes.median),
      max: bytes.max === null ? null : kib(bytes.max),
      costliest: bytes.worst,
      files: runs.find((_, i) => queries[i].query === bytes.worst)?.files ?? [],
    },
    latencyMs: { median: round(latency.median, 1), max: round(latency.max, 1), slowest: latency.worst },
    errors: runs.flatMap((run, i) => (run.error ? [{ query: queries[i].query, error: run.error }] : [])),
  };
}

/** Records the paths of every response the context receives (workers' requests included) until `stop`. */
function recordResponses(context: BrowserContext): { paths: string[]; stop(): void } {
  const paths: string[] = [];
  const onResponse = (response: { url(): string }) => paths.push(new URL(response.url()).pathname);
  context.on('response', onResponse);
  return { paths, stop: () => context.off('response', onResponse) };
}

/**
 * In the page: sets the modal's search box to `query`, as typing does, and resolves with ms to results rendered
 * (also bench/search-budget.mjs's keystroke time).
 */
export const TIME_MODAL_QUERY = `(query) => new Promise((resolve) => {
  const input = document.querySelector('.search-modal-input');
  const form = document.querySelector('.search-modal-form');
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (form.hasAttribute('aria-busy')) return;
    observer.disconnect();
    resolve(performance.now() - start);
  });
  observer.observe(form, { attributes: true });
  input.value = query;
  input.dispatchEvent(new Event('input', { bubbles: true }));
})`;

/**
 * docsgen, through the real UI on a fresh page: opens the search modal on a guide, types the query, waits for the
 * results and reads the hits' links in the order shown; counts every file fetched from opening search to the
 * results; then times the query again (shards loaded) from the input event to the results in the DOM, less the
 * typing pause the modal waits for (TYPING_PAUSE_MS).
 */
async function runDocsgenQuery(tab: Tab, origin: string, distDir: string, query: string): Promise<QueryRun> {
  const { context, page } = tab;
  await page.goto(`${origin}${START_PAGE}`);
  await page.waitForFunction(`document.documentElement.hasAttribute('data-search-ready')`);
  const fetched = recordResponses(context);
  await page.evaluate(`window.dispatchEvent(new CustomEvent('docsgen:open-search'))`);
  await page.locator('.search-modal-input').fill(query);
  await page.waitForFunction(
    `document.querySelector('.search-option, .search-no-results, .search-error') && !document.querySelector('.search-modal-form[aria-busy]')`,
  );
  fetched.stop();
  const urls = await page.evaluate<string[]>(
    `[...document.querySelectorAll('.search-modal-body .search-option a.search-hit')].map((a) => a.href)`,
  );
  const failed = await page.locator('.search-error').count();
  // Pages the router prefetches once result links show are not search's: only the search files count.
  const files = [...new Set(fetched.paths)].filter((file) => searchFile(distDir, file));
  const firstQueryBytes = files.reduce((sum, file) => sum + wireBytes(path.join(distDir, decodeURIComponent(file))), 0);
  const times: number[] = [];
  for (let i = 0; i < TIMED_REPEATS; i++)
    times.push(await page.evaluate<number>(`(${TIME_MODAL_QUERY})(${JSON.stringify(query)})`));
  return {
    urls,
    files,
    firstQueryBytes,
    // The modal waits for typing to pause before it searches: the latency is what comes after the pause.
    latencyMs: Math.max(0, (median(times) ?? TYPING_PAUSE_MS) - TYPING_PAUSE_MS),
    ...(failed ? { error: 'the modal showed its error screen' } : {}),
  };
}

/**
 * Pagefind, on a blank page of the same origin with its own files served at /pagefind/: imports pagefind.js,
 * searches, loads the first five results' data (what a first screen shows; counted as the first query's bytes),
 * then the next five for the ranking; then times search + data of the first ten again.
 */
async function runPagefindQuery(tab: Tab, origin: string, pagefindDir: string, query: string): Promise<QueryRun> {
  const { context, page } = tab;
  await page.goto(`${origin}${BLANK}`);
  const fetched = recordResponses(context);
  const first = await page.evaluate<string[]>(`(async () => {
    const pagefind = await import('/pagefind/pagefind.js');
    window.__benchPagefind = pagefind;
    const search = await pagefind.search(${JSON.stringify(query)});
    window.__benchResults = search.results;
    const data = await Promise.all(search.results.slice(0, ${PAGEFIND_FIRST_SCREEN}).map((result) => result.data()));
    return data.map((page) => page.url);
  })()`);
  fetched.stop();
  const rest = await page.evaluate<string[]>(`(async () => {
    const data = await Promise.all(window.__benchResults.slice(${PAGEFIND_FIRST_SCREEN}, ${PAGEFIND_RANKED}).map((result) => result.data()));
    return data.map((page) => page.url);
  })()`);
  const files = [...new Set(fetched.paths.filter((file) => file.startsWith('/pagefind/')))];
  const firstQueryBytes = files.reduce(
    (sum, file) => sum + wireBytes(path.join(pagefindDir, decodeURIComponent(file.slice('/pagefind/'.length)))),
    0,
  );
  const times: number[] = [];
  for (let i = 0; i < TIMED_REPEATS; i++)
    times.push(
      await page.evaluate<number>(`(async () => {
        const start = performance.now();
        const search = await window.__benchPagefind.search(${JSON.stringify(query)});
        await Promise.all(search.results.slice(0, ${PAGEFIND_RANKED}).map((result) => result.data()));
        return performance.now() - start;
      })()`),
    );
  return { urls: [...first, ...rest], files, firstQueryBytes, latencyMs: median(times) ?? 0 };
}

/**
 * One tab for all of an engine's queries, with the HTTP cache off: each query loads a page afresh (new JS state,
 * nothing cached), as a reader's first query on a first visit does, without the cost of a new browser context.
 */
interface Tab {
  context: BrowserContext;
  page: Page;
}

async function openTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page };
}

/** Serves Pagefind's files at /pagefind/ and a blank page, both on the site's origin, without touching the site. */
async function routePagefind(tab: Tab, origin: string, pagefindDir: string): Promise<void> {
  await tab.context.route(`${origin}${BLANK}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>blank</title></html>' }),
  );
  await tab.context.route(`${origin}/pagefind/**`, (route) => {
    const relative = decodeURIComponent(new URL(route.request().url()).pathname.slice('/pagefind/'.length));
    const file = path.join(pagefindDir, relative);
    return existsSync(file) && statSync(file).isFile() ? route.fulfill({ path: file }) : route.fulfill({ status: 404 });
  });
}

/** Runs every query through one engine; a query that throws counts as no results, with its error kept. */
async function runEngine(
  context: BenchContext,
  name: string,
  queries: RelevanceQuery[],
  run: (query: string) => Promise<QueryRun>,
): Promise<QueryRun[]> {
  const runs: QueryRun[] = [];
  for (const [i, query] of queries.entries()) {
    if (i % 20 === 0)
      context.log(
        `search-relevance: ${name}, query ${i + 1}/${queries.length} (${Math.round(performance.now() / 1000)} s)`,
      );
    runs.push(
      await run(query.query).catch(
        (error: unknown): QueryRun => ({
          urls: [],
          files: [],
          firstQueryBytes: 0,
          latencyMs: 0,
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
        }),
      ),
    );
  }
  return runs;
}

/** Indexes the built site with Pagefind's defaults into `outDir`; a note instead when Pagefind cannot run. */
async function indexWithPagefind(distDir: string, outDir: string): Promise<{ pages: number } | { skipped: string }> {
  // biome-ignore lint/suspicious/noExplicitAny: the module is optional; its API is used as documented
  let pagefind: any;
  try {
    pagefind = await import('pagefind');
  } catch (error) {
    return { skipped: `pagefind could not be imported (${(error as Error).message.split('\n')[0]})` };
  }
  try {
    rmSync(outDir, { recursive: true, force: true });
    const { index, errors } = await pagefind.createIndex();
    if (!index) return { skipped: `pagefind createIndex failed: ${errors.join('; ')}` };
    const added = await index.addDirectory({ path: distDir });
    if (added.errors.length) return { skipped: `pagefind addDirectory failed: ${added.errors.join('; ')}` };
    const written = await index.writeFiles({ outputPath: outDir });
    if (written.errors.length) return { skipped: `pagefind writeFiles failed: ${written.errors.join('; ')}` };
    return { pages: added.page_count };
  } finally {
    await pagefind.close();
  }
}

function engineFigures(prefix: string, engine: EngineOutcome): Record<string, number | null> {
  const key = (name: string) => (prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name);
  return {
    [key('success1Pct')]: engine.report.success1Pct,
    [key('success5Pct')]: engine.report.success5Pct,
    [key('mrr')]: engine.report.mrr,
    [key('noResults')]: engine.report.noResults,
    [key('firstQueryKiB')]: engine.firstQueryKiB.max,
    [key('firstQueryMedianKiB')]: engine.firstQueryKiB.median,
    [key('latencyMedianMs')]: engine.latencyMs.median,
    [key('latencyMaxMs')]: engine.latencyMs.max,
  };
}

/**
 * search-relevance: the query set of bench/search/queries.json run through docsgen's search as readers use it (the
 * modal on this repository's built site, in Chromium) and through Pagefind 1.x with its defaults over the same
 * built pages; success@1, success@5 and MRR for both, the bytes each first query fetches, and the latency once
 * loaded.
 */
export async function measureSearchRelevance(context: BenchContext): Promise<ScenarioResult> {
  const name = 'search-relevance';
  if (chromiumMissing()) return { name, status: 'not available', note: 'needs Chromium (CHROMIUM_PATH)', figures: {} };
  const queries = loadQueries(context.repoRoot);
  const distDir = siteOutDir(context);
  context.log('search-relevance: building the site (warm)');
  const build = await measureDocsgen(context.docsgenRoot, ['build', '--root', context.repoRoot, '--out-dir', distDir], {
    cwd: context.repoRoot,
  });
  if (build.exitCode !== 0) return { name, status: 'failed', note: failureNote(build), figures: {} };

  const pagefindDir = path.join(context.tmpDir, 'pagefind');
  context.log('search-relevance: indexing the built pages with Pagefind');
  const indexed = await indexWithPagefind(distDir, pagefindDir);

  const server = await startServeProcess(distDir);
  const browser = await launchBrowser();
  let docsgenRuns: QueryRun[];
  let pagefindRuns: QueryRun[] | undefined;
  try {
    const docsgenTab = await openTab(browser);
    docsgenRuns = await runEngine(context, 'docsgen', queries, (query) =>
      runDocsgenQuery(docsgenTab, server.origin, distDir, query),
    );
    await docsgenTab.context.close();
    if ('pages' in indexed) {
      const pagefindTab = await openTab(browser);
      await routePagefind(pagefindTab, server.origin, pagefindDir);
      pagefindRuns = await runEngine(context, 'pagefind', queries, (query) =>
        runPagefindQuery(pagefindTab, server.origin, pagefindDir, query),
      );
      await pagefindTab.context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const docsgen = outcome(queries, docsgenRuns);
  const pagefind = pagefindRuns && outcome(queries, pagefindRuns);
  const figures: Record<string, number | null> = {
    queries: queries.length,
    ...engineFigures('', docsgen),
    ...(pagefind
      ? {
          ...engineFigures('pagefind', pagefind),
          mrrOverPagefind: Number((docsgen.report.mrr - pagefind.report.mrr).toFixed(3)),
        }
      : {}),
  };
  const notes = [
    `${queries.length} queries (bench/search/queries.json)`,
    `docsgen: the search modal on a fresh page per query; latency from the input event to results in the DOM, shards loaded, less the ${TYPING_PAUSE_MS} ms typing pause`,
    pagefind
      ? `Pagefind ${pagefindVersion()} with its defaults over the same ${'pages' in indexed ? indexed.pages : 0} HTML files; latency of search() and data() of the first ${PAGEFIND_RANKED}`
      : `Pagefind skipped: ${'skipped' in indexed ? indexed.skipped : ''}`,
    'first query: files fetched, gzipped from disk (already-compressed files at their own size), max over the queries',
  ];
  return {
    name,
    status: 'ok',
    note: notes.join('; '),
    figures,
    details: {
      docsgen,
      pagefind: pagefind ?? { skipped: 'skipped' in indexed ? indexed.skipped : 'not run' },
    },
  };
}

function pagefindVersion(): string {
  try {
    const file = createRequire(import.meta.url).resolve('pagefind/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '1.x';
  }
}
