import {
  failureNote,
  medianStageTimings,
  reportedSeconds,
  round,
  runFigures,
  siteOutDir,
  stageTimings,
  type BenchContext,
  type ScenarioResult,
} from '../context.js';
import { measureDocsgen, median, summarize, type ProcessMeasurement } from '../measure.js';

async function buildSite(context: BenchContext, noCache: boolean): Promise<ProcessMeasurement> {
  const args = [
    'build',
    '--root',
    context.repoRoot,
    '--out-dir',
    siteOutDir(context),
    ...(noCache ? ['--no-cache'] : []),
  ];
  return measureDocsgen(context.docsgenRoot, args, { cwd: context.repoRoot });
}

async function timeBuilds(
  context: BenchContext,
  name: string,
  noCache: boolean,
  runs: number,
): Promise<ScenarioResult> {
  const measured: ProcessMeasurement[] = [];
  for (let i = 0; i < runs; i++) {
    context.log(`${name}: run ${i + 1}/${runs}`);
    const run = await buildSite(context, noCache);
    if (run.exitCode !== 0) return { name, status: 'failed', note: failureNote(run), figures: {} };
    measured.push(run);
  }
  const internal = median(measured.map(reportedSeconds).filter((v): v is number => v !== null));
  const { wallS, cpuS, peakRssMiB } = summarize(measured);
  // Issue 18: type-checking the code samples (guides and API examples), the stage's median.
  const samplesMs = medianStageTimings(measured)['code samples'];
  return {
    name,
    status: 'ok',
    figures: {
      wallS: round(wallS),
      cpuS: round(cpuS),
      peakRssMiB: round(peakRssMiB, 1),
      reportedS: round(internal),
      ...(samplesMs !== undefined ? { samplesS: round(samplesMs / 1000) } : {}),
    },
    runs: measured.map(runFigures),
    details: { stages: stageTimings(measured[measured.length - 1]) },
  };
}

/** site-cold: this repository's site, `docsgen build --no-cache`, median of `runs`. */
export function measureSiteCold(context: BenchContext): Promise<ScenarioResult> {
  return timeBuilds(context, 'site-cold', true, context.runs(3));
}

/** site-warm: the same build with caches kept and nothing changed, after one unmeasured build fills them. */
export async function measureSiteWarm(context: BenchContext): Promise<ScenarioResult> {
  context.log('site-warm: filling the caches');
  const warmUp = await buildSite(context, false);
  if (warmUp.exitCode !== 0) return { name: 'site-warm', status: 'failed', note: failureNote(warmUp), figures: {} };
  return timeBuilds(context, 'site-warm', false, context.runs(3));
}
