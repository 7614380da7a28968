import {
  failureNote,
  reportedSeconds,
  round,
  runFigures,
  stageTimings,
  type BenchContext,
  type ScenarioResult,
} from '../context.js';
import { builtDocPages } from '../incremental/built-output.js';
import { measureDocsgen, median, summarize, type ProcessMeasurement } from '../measure.js';
import { buildHugo, syntheticCorpus, timeoutFor, type CorpusSpec } from '../synthetic/corpus.js';
import type { SyntheticSite } from '../synthetic/generate.js';

/** A cold `docsgen build --no-cache` of a synthetic site into `<root>/dist`. */
export function buildSynthetic(docsgenRoot: string, site: SyntheticSite): Promise<ProcessMeasurement> {
  return measureDocsgen(docsgenRoot, ['build', '--root', site.root, '--no-cache'], {
    cwd: site.root,
    timeoutMs: timeoutFor(site),
  });
}

/**
 * synthetic-<n>: a site of `pages` copies of the guides (this run's shared corpus), built cold by docsgen and, when
 * `hugo` is installed, by Hugo in the same run (alternating), median of `runs` each. Hugo's runs stay with the
 * corpus: the incremental scenarios on it take their ratio from them.
 */
export async function measureSynthetic(
  context: BenchContext,
  spec: CorpusSpec,
  defaultRuns: number,
): Promise<ScenarioResult> {
  const { name, pages } = spec;
  const corpus = syntheticCorpus(context, spec);
  const { site } = corpus;
  const withHugo = Boolean(site.hugoRoot);
  const runs = context.runs(defaultRuns);
  const docsgenRuns: ProcessMeasurement[] = [];
  const hugoRuns: ProcessMeasurement[] = [];
  for (let i = 0; i < runs; i++) {
    context.log(`${name}: docsgen run ${i + 1}/${runs}`);
    const run = await buildSynthetic(context.docsgenRoot, site);
    if (run.exitCode !== 0) {
      // Keep what the failed run cost (e.g. how long and how much memory before running out of heap).
      const figures = { pages, wallS: round(run.wallS), cpuS: round(run.cpuS), peakRssMiB: round(run.peakRssMiB, 1) };
      return { name, status: 'failed', note: failureNote(run), figures, details: { stages: stageTimings(run) } };
    }
    docsgenRuns.push(run);
    if (withHugo) {
      context.log(`${name}: hugo run ${i + 1}/${runs}`);
      const hugo = await buildHugo(corpus);
      if (hugo.exitCode === 0) hugoRuns.push(hugo);
      else context.log(`${name}: hugo failed: ${failureNote(hugo)}`);
    }
  }
  const built = builtDocPages(site.root);
  if (built.count !== pages)
    return { name, status: 'failed', note: `built ${built.count} of ${pages} doc pages`, figures: { pages } };

  const docsgen = summarize(docsgenRuns);
  const hugo = summarize(hugoRuns);
  const ratio = docsgen.wallS !== null && hugo.wallS ? docsgen.wallS / hugo.wallS : null;
  const cpuRatio = docsgen.cpuS !== null && hugo.cpuS ? docsgen.cpuS / hugo.cpuS : null;
  return {
    name,
    status: 'ok',
    note: withHugo ? undefined : 'hugo not installed: no peer ratio',
    figures: {
      pages,
      wallS: round(docsgen.wallS),
      cpuS: round(docsgen.cpuS),
      peakRssMiB: round(docsgen.peakRssMiB, 1),
      pagesPerS: docsgen.wallS ? round(pages / docsgen.wallS, 1) : null,
      reportedS: round(median(docsgenRuns.map(reportedSeconds).filter((v): v is number => v !== null))),
      htmlKiBPerPage: round(built.bytes / 1024 / pages, 1),
      hugoWallS: round(hugo.wallS),
      hugoCpuS: round(hugo.cpuS),
      hugoPeakRssMiB: round(hugo.peakRssMiB, 1),
      docsgenPerHugo: round(ratio, 2),
      docsgenPerHugoCpu: round(cpuRatio, 2),
    },
    details: { stages: stageTimings(docsgenRuns[docsgenRuns.length - 1]) },
    runs: [
      ...docsgenRuns.map((run) => ({ tool: 'docsgen', ...runFigures(run) })),
      ...hugoRuns.map((run) => ({ tool: 'hugo', ...runFigures(run) })),
    ],
  };
}
