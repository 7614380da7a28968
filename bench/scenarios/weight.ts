import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { failureNote, round, siteOutDir, type BenchContext, type ScenarioResult } from '../context.js';
import { measureDocsgen, measureProcess } from '../measure.js';
import { gzipSize, measurePageWeight } from '../weight/page-assets.js';

const PAGE = '/docs/guides/formats';

/** Runs another engineer's `bench/<script> <distDir> [args]` (with $BENCH_DIST too); its JSON output, else its text. */
async function runScript(
  context: BenchContext,
  script: string,
  args: string[],
): Promise<{ exitCode: number | null; json?: unknown; text: string }> {
  const distDir = args[0];
  // The search scripts import TypeScript helpers, so they run through tsx like the benchmark itself.
  const run = await measureProcess(
    process.execPath,
    ['--import', 'tsx', path.join(context.repoRoot, 'bench', script), ...args],
    { cwd: context.repoRoot, env: { BENCH_DIST: distDir, BENCH_PAGE: PAGE } },
  );
  const text = `${run.stdout.trim()}${run.exitCode === 0 ? '' : `\n${run.stderr.trim()}`}`.trim();
  for (const candidate of [run.stdout.trim(), run.stdout.trim().split('\n').pop() ?? '']) {
    try {
      return { exitCode: run.exitCode, json: JSON.parse(candidate), text };
    } catch {
      // not JSON: keep the text
    }
  }
  return { exitCode: run.exitCode, text };
}

function numericFields(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

/** Gzipped KiB per kind from bench/weight.mjs's report of one page (`  js     75.5 KB gzip ...` lines). */
function parseWeightReport(text: string): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const match of text.matchAll(/^\s*(html|css|js)\s+([\d.]+)\s*KB gzip/gm))
    figures[`${match[1]}KiB`] ??= Number(match[2]);
  return figures;
}

/** Gzipped bytes of every non-HTML file under `dist/search/`: an upper bound of what a first query fetches. */
function searchIndexBytes(distDir: string): number | null {
  const dir = path.join(distDir, 'search');
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && !entry.name.endsWith('.html'),
  );
  if (files.length === 0) return null;
  return files.reduce((total, entry) => total + gzipSize(path.join(entry.parentPath, entry.name)), 0);
}

/**
 * weight: for a guide page of this repository's site, gzipped first-load JS, CSS and HTML, and the bytes a first
 * search query fetches. Delegates to `bench/weight.mjs` and `bench/search*.mjs` when they exist.
 */
export async function measureWeight(context: BenchContext): Promise<ScenarioResult> {
  const name = 'weight';
  const distDir = siteOutDir(context);
  context.log('weight: building the site (warm)');
  const build = await measureDocsgen(context.docsgenRoot, ['build', '--root', context.repoRoot, '--out-dir', distDir], {
    cwd: context.repoRoot,
  });
  if (build.exitCode !== 0) return { name, status: 'failed', note: failureNote(build), figures: {} };

  const figures: Record<string, number | null> = {};
  const details: Record<string, unknown> = {};
  const notes: string[] = [];
  let fromScript: Record<string, number> = {};
  if (existsSync(path.join(context.repoRoot, 'bench/weight.mjs'))) {
    context.log('weight: running bench/weight.mjs');
    // weight.mjs exits 1 when a budget is exceeded; its figures still count.
    const result = await runScript(context, 'weight.mjs', [distDir, `${PAGE.slice(1)}/index.html`]);
    details['weight.mjs'] = result.json ?? result.text;
    fromScript = result.json ? numericFields(result.json) : parseWeightReport(result.text);
  }
  if (Object.keys(fromScript).length > 0) {
    Object.assign(figures, fromScript);
    notes.push(`${PAGE}: page weight from bench/weight.mjs`);
  } else {
    const weight = measurePageWeight(distDir, PAGE);
    Object.assign(figures, {
      jsKiB: round(weight.js / 1024, 1),
      cssKiB: round(weight.css / 1024, 1),
      htmlKiB: round(weight.html / 1024, 1),
    });
    details.files = weight.files;
    notes.push(
      `${PAGE}: gzipped <script src> (with static imports) and <link rel=stylesheet> files, computed by bench/weight/page-assets.ts`,
    );
  }
  const searchScripts = readdirSync(path.join(context.repoRoot, 'bench')).filter((file) =>
    /^search.*\.mjs$/.test(file),
  );
  for (const script of searchScripts) {
    context.log(`weight: running bench/${script}`);
    const result = await runScript(context, script, [distDir]);
    details[script] = result.json ?? result.text;
    for (const [key, value] of Object.entries(numericFields(result.json)))
      figures[`${script.replace(/\.mjs$/, '')}.${key}`] = value;
    notes.push(`bench/${script} ran (exit ${result.exitCode}); its report is in results.json`);
  }
  // The costliest first query bench/search-budget.mjs measured on this site (what the browser test holds to 60 KB).
  const firstQueries = (details['search-budget.mjs'] as { site?: { firstQueries?: { kbGzip: number }[] } } | undefined)
    ?.site?.firstQueries;
  if (firstQueries?.length) figures.searchKiB = Math.max(...firstQueries.map((query) => query.kbGzip));
  else if (searchScripts.length === 0) {
    const bytes = searchIndexBytes(distDir);
    figures.searchKiB = bytes === null ? null : round(bytes / 1024, 1);
    notes.push(
      bytes === null
        ? 'no search index under dist/search/'
        : 'search: every index file under dist/search/ (upper bound)',
    );
  }
  return { name, status: 'ok', note: notes.join('; '), figures, details };
}
