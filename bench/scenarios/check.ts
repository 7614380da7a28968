import {
  commandAvailable,
  failureNote,
  round,
  runFigures,
  siteOutDir,
  type BenchContext,
  type ScenarioResult,
} from '../context.js';
import { measureDocsgen, summarize, type ProcessMeasurement } from '../measure.js';

/** check: `docsgen check` on this repository's site with warm caches, median of `runs`. */
export async function measureCheck(context: BenchContext): Promise<ScenarioResult> {
  const name = 'check';
  if (!commandAvailable(context.docsgenRoot, 'check'))
    return { name, status: 'not available', note: '`docsgen check` does not exist yet', figures: {} };
  context.log('check: filling the caches with one build');
  const warmUp = await measureDocsgen(
    context.docsgenRoot,
    ['build', '--root', context.repoRoot, '--out-dir', siteOutDir(context)],
    { cwd: context.repoRoot },
  );
  if (warmUp.exitCode !== 0) return { name, status: 'failed', note: failureNote(warmUp), figures: {} };
  const runs = context.runs(3);
  const measured: ProcessMeasurement[] = [];
  for (let i = 0; i < runs; i++) {
    context.log(`check: run ${i + 1}/${runs}`);
    const run = await measureDocsgen(context.docsgenRoot, ['check', '--root', context.repoRoot], {
      cwd: context.repoRoot,
    });
    // Exit 1 means the content has errors: the check still ran in full, so it is timed; 2 is a usage or config error.
    if (run.exitCode !== 0 && run.exitCode !== 1)
      return { name, status: 'failed', note: failureNote(run), figures: {} };
    measured.push(run);
  }
  const { wallS, cpuS, peakRssMiB } = summarize(measured);
  const errorsFound = measured.some((run) => run.exitCode === 1);
  return {
    name,
    status: 'ok',
    note: errorsFound ? 'check reported errors in the content (exit 1)' : undefined,
    figures: { wallS: round(wallS), cpuS: round(cpuS), peakRssMiB: round(peakRssMiB, 1) },
    runs: measured.map(runFigures),
  };
}
