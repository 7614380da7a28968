import { round, runFigures, type BenchContext, type ScenarioResult, failureNote } from '../context.js';
import { measureDocsgen, measureProcess, median, type ProcessMeasurement } from '../measure.js';

/** Runs of each command: a start is short, so ten cost under a few seconds even on a busy machine. */
const START_RUNS = 10;

/**
 * start: `docsgen --version`, median wall and CPU of ten runs after one unmeasured run, beside Node's own start
 * (`node -e 0`, the floor no CLI goes below on this host; NODE_EXTRA_CA_CERTS, for one, adds to both).
 */
export async function measureStart(context: BenchContext): Promise<ScenarioResult> {
  const runs = Math.max(START_RUNS, context.runs(START_RUNS));
  const options = { cwd: context.repoRoot };
  const version = () => measureDocsgen(context.docsgenRoot, ['--version'], options);
  const bareNode = () => measureProcess(process.execPath, ['-e', '0'], options);
  const first = await version();
  if (first.exitCode !== 0) return { name: 'start', status: 'failed', note: failureNote(first), figures: {} };
  const measured: ProcessMeasurement[] = [];
  const floor: ProcessMeasurement[] = [];
  context.log(`start: ${runs} runs of docsgen --version and of node -e 0, alternating`);
  for (let i = 0; i < runs; i++) {
    measured.push(await version());
    floor.push(await bareNode());
  }
  const failed = measured.find((run) => run.exitCode !== 0);
  if (failed) return { name: 'start', status: 'failed', note: failureNote(failed), figures: {} };
  const ms = (values: Array<number | null>) => {
    const middle = median(values.filter((v): v is number => v !== null));
    return middle === null ? null : round(middle * 1000, 1);
  };
  return {
    name: 'start',
    status: 'ok',
    figures: {
      wallMs: ms(measured.map((run) => run.wallS)),
      cpuMs: ms(measured.map((run) => run.cpuS)),
      nodeWallMs: ms(floor.map((run) => run.wallS)),
    },
    runs: measured.map(runFigures),
  };
}
