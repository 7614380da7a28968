import {
  failureNote,
  medianStageTimings,
  reportedSeconds,
  round,
  runFigures,
  type BenchContext,
  type ScenarioResult,
} from '../context.js';
import type { SiteEdit } from '../incremental/site-edits.js';
import { median, summarize, type ProcessMeasurement } from '../measure.js';
import { hugoBaseline, runOnCorpus, syntheticCorpus, type CorpusSpec } from '../synthetic/corpus.js';
import type { SyntheticSite } from '../synthetic/generate.js';

/** A scenario that times docsgen on a synthetic corpus whose caches are warm, right after one kind of change. */
export interface IncrementalScenario {
  name: string;
  /** The shared corpus it runs on: generated once per benchmark run. */
  corpus: CorpusSpec;
  /** The change made before each measured run; `runs` is how many runs there will be. */
  edit: (site: SyntheticSite, runs: number) => SiteEdit;
  /** `build` (default) or `check`, the command measured after each change. */
  command?: 'build' | 'check';
  defaultRuns: number;
  /**
   * Whether to build the Hugo twin cold when this run has no Hugo builds of the corpus yet (default true). Without,
   * the ratio is reported only when another scenario measured Hugo on the corpus.
   */
  measureHugo?: boolean;
}

function failed(name: string, note: string, run?: ProcessMeasurement): ScenarioResult {
  const figures: Record<string, number | null> = run
    ? { wallS: round(run.wallS), cpuS: round(run.cpuS), peakRssMiB: round(run.peakRssMiB, 1) }
    : {};
  return { name, status: 'failed', note, figures };
}

/**
 * Changes the corpus with `scenario.edit`, fills the caches with one unmeasured build, then `runs` times makes a
 * new change and times the command right after it, checking each time that the output shows the change. The tree
 * is put back afterwards. Each figure is the median; `docsgenPerHugo` divides the wall time by Hugo's cold build
 * of the same corpus (median, same benchmark run).
 */
export async function measureIncremental(
  context: BenchContext,
  scenario: IncrementalScenario,
): Promise<ScenarioResult> {
  const { name } = scenario;
  const command = scenario.command ?? 'build';
  const corpus = syntheticCorpus(context, scenario.corpus);
  const runs = context.runs(scenario.defaultRuns);
  const hugo = await hugoBaseline(context, corpus, runs, scenario.measureHugo ?? true);
  const edit = scenario.edit(corpus.site, runs);
  const measured: ProcessMeasurement[] = [];
  try {
    const checkPrepared = edit.prepare();
    context.log(`${name}: filling the caches with one build`);
    const warmUp = await runOnCorpus(context, corpus, ['build']);
    if (warmUp.exitCode !== 0) return failed(name, `warm-up build: ${failureNote(warmUp)}`);
    const unprepared = checkPrepared();
    if (unprepared) return failed(name, `warm-up build: ${unprepared}`);
    for (let i = 1; i <= runs; i++) {
      const verify = edit.apply(i);
      context.log(`${name}: ${command} run ${i}/${runs} (${edit.label})`);
      const run = await runOnCorpus(context, corpus, [command]);
      // `check` exits 1 when the content has errors: it still ran in full. A build must succeed.
      if (run.exitCode !== 0 && !(command === 'check' && run.exitCode === 1))
        return failed(name, `run ${i}: ${failureNote(run)}`, run);
      const missing = verify();
      if (missing) return failed(name, `run ${i}: the ${command} after the change did not show it: ${missing}`, run);
      measured.push(run);
    }
  } finally {
    edit.restore();
  }

  const docsgen = summarize(measured);
  const notes = [
    `each run after: ${edit.label}`,
    hugo.wallS === null
      ? hugo.note
      : `ratio to Hugo's cold build of ${corpus.name} (median of ${hugo.runs} in this run)`,
  ];
  if (measured.some((run) => run.exitCode === 1)) notes.push('check reported errors in the content (exit 1)');
  return {
    name,
    status: 'ok',
    note: notes.filter(Boolean).join('; '),
    figures: {
      pages: corpus.site.pages.length,
      wallS: round(docsgen.wallS),
      cpuS: round(docsgen.cpuS),
      peakRssMiB: round(docsgen.peakRssMiB, 1),
      reportedS: round(median(measured.map(reportedSeconds).filter((v): v is number => v !== null))),
      hugoWallS: round(hugo.wallS),
      docsgenPerHugo: docsgen.wallS !== null && hugo.wallS ? round(docsgen.wallS / hugo.wallS, 3) : null,
    },
    runs: measured.map(runFigures),
    details: { command, edit: edit.label, stages: medianStageTimings(measured) },
  };
}
