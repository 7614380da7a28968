import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CALIBRATION_DESCRIPTION, measureCalibration } from './calibration.js';
import type { BenchContext, ScenarioResult } from './context.js';
import { addPage, changeNothing, editParagraph, removePage, renamePage } from './incremental/site-edits.js';
import { MEASURED_WITH } from './measure.js';
import { formatTable } from './report/table.js';
import { checkTargets, scalingResult } from './report/targets.js';
import { measureCheck } from './scenarios/check.js';
import { measureDev, measureSyntheticDev } from './scenarios/dev.js';
import { measureField } from './scenarios/field.js';
import { measureIncremental } from './scenarios/incremental.js';
import { measureSearchRelevance } from './scenarios/search-relevance.js';
import { measureSiteCold, measureSiteWarm } from './scenarios/site.js';
import { measureStart } from './scenarios/start.js';
import { measureSynthetic } from './scenarios/synthetic.js';
import { measureWeight } from './scenarios/weight.js';
import { CORPUS_10K, CORPUS_1K, CORPUS_1K_NOIMG } from './synthetic/corpus.js';
import { RSPRESS, STARLIGHT } from './synthetic/field-sites.js';
import { REPO_ROOT } from './synthetic/generate.js';

/** Every scenario, in the order they run. The `1k-*` ones share one generated corpus and Hugo's builds of it. */
export const SCENARIOS: Record<string, (context: BenchContext) => Promise<ScenarioResult>> = {
  'site-cold': measureSiteCold,
  'site-warm': measureSiteWarm,
  start: measureStart,
  check: measureCheck,
  weight: measureWeight,
  'search-relevance': measureSearchRelevance,
  dev: measureDev,
  'synthetic-1k': (context) => measureSynthetic(context, CORPUS_1K, 3),
  'synthetic-1k-noimg': (context) => measureSynthetic(context, CORPUS_1K_NOIMG, 3),
  '1k-warm': (context) =>
    measureIncremental(context, { name: '1k-warm', corpus: CORPUS_1K, edit: changeNothing, defaultRuns: 3 }),
  '1k-check': (context) =>
    measureIncremental(context, {
      name: '1k-check',
      corpus: CORPUS_1K,
      edit: changeNothing,
      command: 'check',
      defaultRuns: 3,
    }),
  '1k-body-edit': (context) =>
    measureIncremental(context, { name: '1k-body-edit', corpus: CORPUS_1K, edit: editParagraph, defaultRuns: 3 }),
  '1k-title-edit': (context) =>
    measureIncremental(context, { name: '1k-title-edit', corpus: CORPUS_1K, edit: renamePage, defaultRuns: 3 }),
  '1k-page-added': (context) =>
    measureIncremental(context, { name: '1k-page-added', corpus: CORPUS_1K, edit: addPage, defaultRuns: 3 }),
  '1k-page-removed': (context) =>
    measureIncremental(context, { name: '1k-page-removed', corpus: CORPUS_1K, edit: removePage, defaultRuns: 3 }),
  // The field's Node generators on the same 1k pages (bench/field; skipped when not installed).
  'rspress-1k': (context) => measureField(context, 'rspress-1k', RSPRESS, CORPUS_1K, 3),
  'starlight-1k': (context) => measureField(context, 'starlight-1k', STARLIGHT, CORPUS_1K, 3),
  'synthetic-10k': (context) => measureSynthetic(context, CORPUS_10K, 1),
  '10k-warm': (context) =>
    measureIncremental(context, {
      name: '10k-warm',
      corpus: CORPUS_10K,
      edit: changeNothing,
      defaultRuns: 1,
      measureHugo: false,
    }),
  'dev-10k': (context) => measureSyntheticDev(context, 'dev-10k', CORPUS_10K),
};

/**
 * Scenarios of several minutes each (the 10k corpus; the field's generators, which build the 1k pages for minutes
 * and take gigabytes), so `--quick` leaves them out unless `--only` names them.
 */
const SLOW_SCENARIOS = new Set(['rspress-1k', 'starlight-1k', 'synthetic-10k', '10k-warm', 'dev-10k']);

const USAGE = `Usage: npm run bench -- [options]

  --runs N          repetitions per scenario (default: 3; 10k scenarios: 1); each figure is the median
  --only A[,B]      run only these scenarios: ${Object.keys(SCENARIOS).join(', ')}
                    (the calibration figure is measured in every run)
  --quick           one run each, 3 edits, and none of the slow scenarios (${[...SLOW_SCENARIOS].join(', ')})
                    unless --only names them; rspress-1k and starlight-1k need npm install --prefix bench/field
  --edits N         guide edits timed by the dev scenario (default: 10)
  --docsgen DIR     measure the docsgen checkout in DIR (default: this repository)
  --out FILE        where to write the results (default: bench/results.json)
`;

/** The scenarios a run measures, in order: those `--only` names, else all of them but the 10k ones under `--quick`. */
export function selectScenarios(only: string[] | undefined, quick: boolean): string[] {
  return Object.keys(SCENARIOS).filter((name) => (only ? only.includes(name) : !(quick && SLOW_SCENARIOS.has(name))));
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${flag} expects a positive whole number, got "${value}"`);
  return number;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** `npm run bench`: runs the selected scenarios, prints the table and writes the results. Returns the exit code. */
export async function runBenchmark(argv: string[]): Promise<number> {
  // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the parseArgs call that fills it
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        runs: { type: 'string' },
        only: { type: 'string' },
        quick: { type: 'boolean' },
        edits: { type: 'string' },
        docsgen: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let runs: number | undefined;
  let edits: number;
  try {
    runs = positiveInteger(values.runs, '--runs') ?? (values.quick ? 1 : undefined);
    edits = positiveInteger(values.edits, '--edits') ?? (values.quick ? 3 : 10);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const only = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = only?.filter((name) => !(name in SCENARIOS)) ?? [];
  if (unknown.length) {
    process.stderr.write(`unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(SCENARIOS).join(', ')}\n`);
    return 2;
  }
  const selected = selectScenarios(only, Boolean(values.quick));

  const tmpDir = path.join(REPO_ROOT, 'bench/tmp');
  mkdirSync(tmpDir, { recursive: true });
  const context: BenchContext = {
    repoRoot: REPO_ROOT,
    docsgenRoot: path.resolve(values.docsgen ?? REPO_ROOT),
    tmpDir,
    runs: (defaultRuns) => runs ?? defaultRuns,
    edits,
    log: (message) => process.stderr.write(`[bench] ${message}\n`),
  };
  context.log(`measuring with ${MEASURED_WITH}`);

  const results: ScenarioResult[] = [];
  const measure = async (name: string, scenario: (context: BenchContext) => Promise<ScenarioResult>) => {
    const started = performance.now();
    const result = await scenario(context).catch(
      (error: unknown): ScenarioResult => ({
        name,
        status: 'failed',
        note: error instanceof Error ? error.message : String(error),
        figures: {},
      }),
    );
    context.log(`${name}: ${result.status} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    results.push(result);
    return result;
  };
  for (const name of selected) await measure(name, SCENARIOS[name]);
  const scaling = scalingResult(results);
  if (scaling) results.push(scaling);
  // Last, so that Hugo's figure reuses the 1k scenarios' builds when there were any.
  const calibration = await measure('calibration', measureCalibration);
  const targets = checkTargets(results);

  process.stdout.write(`\n${formatTable(results, targets)}\n\nCPU and memory: ${MEASURED_WITH}.\n`);
  const outFile = path.resolve(values.out ?? path.join(REPO_ROOT, 'bench/results.json'));
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  const report = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine,
    measuredWith: MEASURED_WITH,
    calibration: { ...calibration.figures, description: CALIBRATION_DESCRIPTION },
    options: {
      runs: runs ?? 'default',
      edits,
      only: only ?? null,
      quick: Boolean(values.quick),
      docsgen: context.docsgenRoot,
    },
    results,
    targets,
  };
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`Results written to ${path.relative(process.cwd(), outFile) || outFile}\n`);
  return results.some((result) => result.status === 'failed') ? 1 : 0;
}
