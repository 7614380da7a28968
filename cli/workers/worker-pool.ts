import { existsSync } from 'node:fs';
import os from 'node:os';
import { parentPort, type Worker } from 'node:worker_threads';
import { DocsgenError } from '../errors.js';
import { runLane, type LaneOptions, type LaneQueue, type PoolRequest, type PoolResponse } from './worker-lane.js';

// A small pool of worker threads, one per core, for work that is the same for every page (compiling Markdown,
// rendering). The main thread sends a setup message once per worker, then jobs; results come back by job index.
// Each worker's life, and the jobs' deadlines, are in worker-lane.ts.
export type { HeapLimits, PoolRequest, PoolResponse, StopReason } from './worker-lane.js';
export { WorkerKeeper } from './worker-lane.js';

/** Below this many jobs, starting workers costs more than it saves. */
export const POOL_THRESHOLD = 300;

/** The environment variable that sets how many worker threads a pool may start. */
export const WORKERS_ENV = 'DOCSGEN_WORKERS';

/**
 * How many worker threads a pool may start: DOCSGEN_WORKERS, or one per
 * core. Below 2 there is no pool (rendering stays on the main thread; pages
 * still compile on one worker, for their deadline); set it
 * to 2 or more to use workers even on one core.
 */
export function maxWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[WORKERS_ENV]?.trim();
  if (value === undefined || value === '') return os.availableParallelism();
  if (!/^\d{1,4}$/.test(value)) {
    throw new DocsgenError(`${WORKERS_ENV} must be a whole number of worker threads, not '${value}'`, {
      hint: `for example ${WORKERS_ENV}=4; 0 or 1 renders on the main thread and compiles on one worker; unset it for one per core`,
    });
  }
  return Number(value);
}

/** True when the compiled worker script exists (it does in lib/, not when running from TypeScript sources) and more than one worker may run. */
export function canUseWorker(script: URL): boolean {
  return existsSync(script) && maxWorkers() > 1;
}

/** The same, for work worth a pool: at least POOL_THRESHOLD jobs. */
export function canUsePool(script: URL, jobs: number): boolean {
  return jobs >= POOL_THRESHOLD && canUseWorker(script);
}

/**
 * Runs the jobs on worker threads (at most `size`: by default maxWorkers(),
 * and one per POOL_THRESHOLD jobs; always at least one) and resolves to how
 * many ran side by side and did jobs: what `build()` reports in its
 * `workers`. A thread that has done JOBS_PER_WORKER, or was stopped at a
 * job's deadline, is replaced by a fresh one in its lane, which counts once.
 *
 * A failure is final: a job that fails, a worker that errs or stops on its
 * own (its script deleted, an exit, even with code 0) rejects the pool, the
 * other lanes take no more jobs and their workers are stopped. A lane starts
 * a new worker only after the last one made progress (finished or was stopped
 * at a job), so no worker is ever restarted in a loop.
 */
export async function runPool<Init, Job, Result>(
  options: LaneOptions<Init, Job, Result> & { size?: number },
): Promise<number> {
  const { jobs } = options;
  const size = options.size ?? Math.max(1, Math.min(maxWorkers(), Math.ceil(jobs.length / POOL_THRESHOLD)));
  let next = 0;
  let failed = false;
  /** Jobs a stopped worker held but had not started: the next lane to ask takes them first. */
  const returned: number[] = [];
  const running = new Set<Worker>();
  const queue: LaneQueue = {
    take: () => (failed ? undefined : (returned.shift() ?? (next < jobs.length ? next++ : undefined))),
    giveBack: (ids) => returned.push(...ids),
    track: (worker) => {
      running.add(worker);
      return () => running.delete(worker);
    },
  };
  const lane = async () => {
    let worked = false;
    while (!failed && (next < jobs.length || returned.length > 0)) {
      const { finished, stopped } = await runLane(options, queue);
      if (finished + stopped === 0 && !failed) throw new Error('a worker thread stopped without doing a job');
      worked = finished > 0 || worked;
    }
    return worked;
  };
  try {
    const lanes = await Promise.all(
      Array.from({ length: Math.max(1, size) }, () =>
        lane().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    return lanes.filter(Boolean).length;
  } catch (error) {
    failed = true;
    await Promise.all([...running].map((worker) => worker.terminate()));
    throw error;
  }
}

/** Worker side: answers jobs with `setup(init)`'s handler, one at a time, in the order they come. */
export function serveJobs<Init, Job, Result>(
  setup: (init: Init) => Promise<(job: Job) => Promise<Result> | Result>,
): void {
  let handler: Promise<(job: Job) => Promise<Result> | Result> | undefined;
  let queue = Promise.resolve();
  parentPort?.on('message', (request: PoolRequest<Init, Job>) => {
    if (request.type === 'init') {
      handler = setup(request.init);
      handler.then(
        () => parentPort!.postMessage({ type: 'ready' } satisfies PoolResponse<Result>),
        () => undefined,
      );
      return;
    }
    queue = queue.then(async () => {
      try {
        const result = await (await handler!)(request.job);
        parentPort!.postMessage({ type: 'done', id: request.id, result } satisfies PoolResponse<Result>);
      } catch (error) {
        parentPort!.postMessage({
          type: 'failed',
          id: request.id,
          message: (error as Error)?.stack ?? String(error),
        } satisfies PoolResponse<Result>);
      }
    });
  });
}
