import { describe, expect, it } from 'vitest';
import { runPool, WorkerKeeper, type StopReason } from '../../../cli/workers/worker-pool.js';

const SCRIPT = new URL('../../fixtures/workers/test-worker.mjs', import.meta.url);
const LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 };

/** Runs the jobs on the test worker with a deadline: what came back, what was stopped, and the pool's count. */
async function run(jobs: string[], options: { size?: number; keeper?: WorkerKeeper; init?: object } = {}) {
  const done = new Map<number, string>();
  const stopped = new Map<number, StopReason>();
  const workers = await runPool<object, string, string>({
    script: SCRIPT,
    limits: LIMITS,
    init: options.init ?? {},
    jobs,
    describe: (job) => job,
    size: options.size,
    keeper: options.keeper,
    onDone: (index, result) => void done.set(index, result),
    // Generous for a job that answers at once: only 'hang' reaches it.
    deadline: { ms: () => 10_000, onStopped: (index, why) => void stopped.set(index, why) },
  });
  return { done, stopped, workers };
}
const thread = (result: string | undefined) => result?.split(' by ')[1];

describe('pool jobs with a deadline', () => {
  it('stops a worker past a job deadline, reports that job, and finishes the others on a fresh worker', async () => {
    const { done, stopped, workers } = await run(['a', 'hang', 'b', 'c', 'd'], { size: 1 });
    expect(stopped).toEqual(new Map([[1, 'timeout']]));
    expect([...done.keys()].sort()).toEqual([0, 2, 3, 4]);
    // 'b' was sent with 'hang' and handed back when its worker was stopped: a new thread did it.
    expect(thread(done.get(4))).not.toBe(thread(done.get(0)));
    expect(workers).toBe(1);
  }, 60_000);

  it('reports a job that runs its worker out of memory, and goes on', async () => {
    const { done, stopped } = await run(['a', 'grow', 'b'], { size: 1 });
    expect(stopped).toEqual(new Map([[1, 'memory']]));
    expect([...done.keys()].sort()).toEqual([0, 2]);
  }, 60_000);

  it('keeps an idle worker for the next run with the same init, and stops it on close', async () => {
    const keeper = new WorkerKeeper();
    const init = {};
    try {
      const first = await run(['a'], { keeper, init });
      const second = await run(['b'], { keeper, init });
      expect(thread(second.done.get(0))).toBe(thread(first.done.get(0)));
      const other = await run(['c'], { keeper, init: {} });
      expect(thread(other.done.get(0))).not.toBe(thread(first.done.get(0)));
    } finally {
      await keeper.close();
    }
  }, 60_000);
});
