import { existsSync } from 'node:fs';
import os from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

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

/** True when the compiled worker script exists (it does in lib/, not when running from TypeScript sources) and there is more than one core. */
export function canUseWorker(script: URL): boolean {
  return existsSync(script) && os.availableParallelism() > 1;
}

/** The same, for work worth a pool: at least POOL_THRESHOLD jobs. */
export function canUsePool(script: URL, jobs: number): boolean {
  return jobs >= POOL_THRESHOLD && canUseWorker(script);
}

export async function runPool<Init, Job, Result>(options: {
  script: URL;
  limits: HeapLimits;
  init: Init;
  jobs: Job[];
  onDone: (index: number, result: Result) => void | Promise<void>;
  describe: (job: Job) => string;
}): Promise<void> {
  const { jobs } = options;
  const size = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(jobs.length / POOL_THRESHOLD)));
  let next = 0;
  const take = () => (next < jobs.length ? next++ : undefined);
  const lane = async () => {
    while (next < jobs.length) await runWorker(options, take);
  };
  await Promise.all(Array.from({ length: size }, lane));
}

/** One worker's life: it takes jobs until there are none left or it has done JOBS_PER_WORKER, then stops. */
async function runWorker<Init, Job, Result>(
  options: { script: URL; limits: HeapLimits; init: Init; jobs: Job[]; onDone: (index: number, result: Result) => void | Promise<void>; describe: (job: Job) => string },
  take: () => number | undefined,
): Promise<void> {
  const worker = new Worker(options.script, { resourceLimits: options.limits });
  let sent = 0;
  let pending = 0;
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
        pending--;
        send();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`a worker thread stopped with exit code ${code}`));
      });
      // Two jobs in flight, so the worker never waits for the main thread between jobs.
      send();
      send();
    });
  } finally {
    await worker.terminate();
  }
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
