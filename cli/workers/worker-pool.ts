import { existsSync } from 'node:fs';
import os from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import { DocsgenError } from '../errors.js';

/**
 * A small pool of worker threads, one per core, for work that is the same
 * for every page (compiling Markdown, rendering). The main thread sends a
 * setup message once per worker, then jobs; results come back by job index.
 */
export type PoolRequest<Init, Job> = { type: 'init'; init: Init } | { type: 'job'; id: number; job: Job };
/** `ready` once the setup is done (a caller timing each job starts its clock then). */
export type PoolResponse<Result> = { type: 'ready' } | { type: 'done'; id: number; result: Result } | { type: 'failed'; id: number; message: string };

/** Below this many jobs, starting workers costs more than it saves. */
export const POOL_THRESHOLD = 300;

/**
 * Jobs one worker does before it is replaced by a fresh one: shiki's
 * WebAssembly memory only ever grows, and V8 lets a busy heap grow lazily,
 * so a long-lived worker would hold hundreds of megabytes on a large site.
 */
const JOBS_PER_WORKER = 2500;

/**
 * Heap limits of a worker. A larger young generation than the default: per-page work allocates many
 * short-lived objects, and the default size spends much time in GC. A capped old generation makes V8
 * collect before the heap grows, which keeps the whole process's memory in bounds on large sites.
 */
export interface HeapLimits {
  maxYoungGenerationSizeMb: number;
  maxOldGenerationSizeMb: number;
}

/** The environment variable that sets how many worker threads a pool may start. */
export const WORKERS_ENV = 'DOCSGEN_WORKERS';

/**
 * How many worker threads a pool may start: DOCSGEN_WORKERS, or one per
 * core. Below 2 there is no pool (the work stays on the main thread); set it
 * to 2 or more to use workers even on one core.
 */
export function maxWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[WORKERS_ENV]?.trim();
  if (value === undefined || value === '') return os.availableParallelism();
  if (!/^\d{1,4}$/.test(value)) {
    throw new DocsgenError(`${WORKERS_ENV} must be a whole number of worker threads, not '${value}'`, {
      hint: `for example ${WORKERS_ENV}=4; 0 or 1 keeps the work on the main thread; unset it for one per core`,
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
 * Runs the jobs on worker threads (at most maxWorkers() at a time, and one
 * per POOL_THRESHOLD jobs) and resolves to how many ran side by side and did
 * jobs: what `build()` reports in its `workers`. (A thread that has done
 * JOBS_PER_WORKER is replaced by a fresh one in its lane, which counts once.)
 *
 * A failure is final: a job that fails, a worker that errs or stops (its
 * script deleted, out of memory, an exit) rejects the pool, the other lanes
 * take no more jobs and their workers are stopped. A lane starts a new worker
 * only after the last one finished jobs, so no worker is ever restarted in a loop.
 */
export async function runPool<Init, Job, Result>(options: PoolOptions<Init, Job, Result>): Promise<number> {
  const { jobs } = options;
  const size = Math.max(1, Math.min(maxWorkers(), Math.ceil(jobs.length / POOL_THRESHOLD)));
  let next = 0;
  let failed = false;
  const take = () => (!failed && next < jobs.length ? next++ : undefined);
  const stops = new Set<() => Promise<void>>();
  const lane = async () => {
    let worked = false;
    while (!failed && next < jobs.length) {
      const finished = await runWorker(options, take, stops);
      // Defensive: a worker that finished nothing and did not fail would be replaced forever.
      if (finished === 0 && !failed && next < jobs.length) throw new Error('a worker thread stopped without doing a job');
      worked = finished > 0 || worked;
    }
    return worked;
  };
  try {
    const lanes = await Promise.all(Array.from({ length: size }, () => lane().catch((error) => {
      failed = true;
      throw error;
    })));
    return lanes.filter(Boolean).length;
  } catch (error) {
    failed = true;
    await Promise.all([...stops].map((stop) => stop()));
    throw error;
  }
}

interface PoolOptions<Init, Job, Result> {
  script: URL;
  limits: HeapLimits;
  init: Init;
  jobs: Job[];
  onDone: (index: number, result: Result) => void | Promise<void>;
  describe: (job: Job) => string;
}

/**
 * One worker's life: it takes jobs until there are none left or it has done
 * JOBS_PER_WORKER, then stops. Resolves to how many jobs it finished; rejects
 * when a job fails or the worker errs or exits with jobs in hand.
 */
async function runWorker<Init, Job, Result>(options: PoolOptions<Init, Job, Result>, take: () => number | undefined, stops: Set<() => Promise<void>>): Promise<number> {
  const worker = new Worker(options.script, { resourceLimits: options.limits });
  const stop = async () => void (await worker.terminate());
  stops.add(stop);
  let sent = 0;
  let pending = 0;
  let finished = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      worker.postMessage({ type: 'init', init: options.init } satisfies PoolRequest<Init, Job>);
      const send = () => {
        const id = sent < JOBS_PER_WORKER ? take() : undefined;
        if (id === undefined) {
          if (pending === 0) resolve();
          return;
        }
        sent++;
        pending++;
        worker.postMessage({ type: 'job', id, job: options.jobs[id] } satisfies PoolRequest<Init, Job>);
      };
      worker.on('message', async (response: PoolResponse<Result>) => {
        if (response.type === 'ready') return;
        if (response.type === 'failed') return reject(new Error(`${options.describe(options.jobs[response.id])} failed: ${response.message}`));
        try {
          await options.onDone(response.id, response.result);
        } catch (error) {
          return reject(error);
        }
        finished++;
        pending--;
        send();
      });
      worker.on('error', reject);
      // Any exit before the pool let it go (even with code 0) loses the jobs it holds: never waited for.
      worker.on('exit', (code) => reject(new Error(`a worker thread stopped with exit code ${code}`)));
      // Two jobs in flight, so the worker never waits for the main thread between jobs.
      send();
      send();
    });
  } finally {
    stops.delete(stop);
    await worker.terminate();
  }
  return finished;
}

/** Worker side: answers jobs with `setup(init)`'s handler, one at a time, in the order they come. */
export function serveJobs<Init, Job, Result>(setup: (init: Init) => Promise<(job: Job) => Promise<Result> | Result>): void {
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
        parentPort!.postMessage({ type: 'failed', id: request.id, message: (error as Error)?.stack ?? String(error) } satisfies PoolResponse<Result>);
      }
    });
  });
}
