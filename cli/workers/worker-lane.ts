import { Worker } from 'node:worker_threads';

/** Messages between a pool and its workers. */
export type PoolRequest<Init, Job> = { type: 'init'; init: Init } | { type: 'job'; id: number; job: Job };
/** `ready` once the setup is done (a caller timing each job starts its clock then). */
export type PoolResponse<Result> =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: Result }
  | { type: 'failed'; id: number; message: string };

/**
 * Heap limits of a worker. A larger young generation than the default: per-page work allocates many
 * short-lived objects, and the default size spends much time in GC. A capped old generation makes V8
 * collect before the heap grows, which keeps the whole process's memory in bounds on large sites.
 */
export interface HeapLimits {
  maxYoungGenerationSizeMb: number;
  maxOldGenerationSizeMb: number;
}

/** Why a job's worker was stopped: it ran past its deadline, or out of its heap. */
export type StopReason = 'timeout' | 'memory';

/** What a lane needs from its pool. */
export interface LaneOptions<Init, Job, Result> {
  script: URL;
  limits: HeapLimits;
  init: Init;
  jobs: Job[];
  onDone: (index: number, result: Result) => void | Promise<void>;
  describe: (job: Job) => string;
  /**
   * How long a job may run, from the moment its worker starts it. Past it,
   * or when the worker runs out of its heap, the worker is stopped, the job
   * goes to `onStopped`, and the jobs it held are handed back to the pool.
   */
  deadline?: { ms: (job: Job) => number; onStopped: (index: number, why: StopReason) => void | Promise<void> };
  /** Where an idle worker waits for the next run with the same `init` (the dev server's rebuilds), instead of stopping. */
  keeper?: WorkerKeeper;
}

/** The pool's queue, as a lane sees it. */
export interface LaneQueue {
  take(): number | undefined;
  giveBack(ids: number[]): void;
  /** The pool stops every tracked worker when one lane fails; the returned function untracks it. */
  track?(worker: Worker): () => void;
}

/**
 * Jobs one worker does before it is replaced by a fresh one: shiki's
 * WebAssembly memory only ever grows, and V8 lets a busy heap grow lazily,
 * so a long-lived worker would hold hundreds of megabytes on a large site.
 */
export const JOBS_PER_WORKER = 2500;

/**
 * How much longer than its deadline a job may run on a machine so busy with
 * other work that this process got less CPU time than the deadline: a page
 * that compiles in 2 s on an idle machine must not fail on a loaded CI runner.
 */
const STARVED_FACTOR = 3;

/** Jobs a parked worker has done in earlier runs (it is replaced after JOBS_PER_WORKER in all). */
const served = new WeakMap<Worker, number>();

/**
 * One worker's life: it takes jobs until there are none left, it has done
 * JOBS_PER_WORKER, or a job of its ran past the deadline (then it is stopped,
 * and the lane starts another). Resolves to how many jobs it finished and
 * how many it was stopped at (0 or 1): a lane whose worker did neither must
 * not start another. Rejects when a job fails, or the worker errs or exits
 * on its own (any exit code: the jobs it held would be waited for forever).
 * The worker serves its jobs in order, so the one it is working on is the
 * oldest it was sent: its clock starts when the one before it came back.
 */
export async function runLane<Init, Job, Result>(
  options: LaneOptions<Init, Job, Result>,
  queue: LaneQueue,
): Promise<{ finished: number; stopped: number }> {
  const kept = options.keeper?.take(options.script, options.init);
  const worker = kept ?? new Worker(options.script, { resourceLimits: options.limits });
  const inFlight: number[] = [];
  let sent = served.get(worker) ?? 0;
  let finished = 0;
  let stopped = 0;
  const untrack = queue.track?.(worker);
  let ready = kept !== undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Set once the worker must not be reused: stopped at a deadline, or the run failed. */
  let spoilt = false;
  // biome-ignore lint/suspicious/noExplicitAny: node:worker_threads types each event's listener differently
  const listeners: [string, (...args: any[]) => void][] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        spoilt = true;
        reject(error);
      };
      const clock = () => {
        clearTimeout(timer);
        timer = undefined;
        const head = inFlight[0];
        if (!options.deadline || !ready || head === undefined) return;
        const ms = options.deadline.ms(options.jobs[head]);
        const started = performance.now();
        const cpu = process.cpuUsage();
        // Past the deadline, a job is stopped once the process has also had that much CPU time since it started (a
        // machine busy with other work stretches the deadline, up to STARVED_FACTOR times), or at STARVED_FACTOR times.
        const check = () => {
          const wall = performance.now() - started;
          const used = process.cpuUsage(cpu);
          const cpuMs = (used.user + used.system) / 1000;
          if ((wall >= ms && cpuMs >= ms) || wall >= STARVED_FACTOR * ms) return void stop('timeout');
          timer = setTimeout(check, Math.max(100, Math.min(ms - cpuMs, STARVED_FACTOR * ms - wall)));
        };
        timer = setTimeout(check, ms);
      };
      const stop = async (why: StopReason) => {
        spoilt = true;
        stopped = 1;
        clearTimeout(timer);
        const [head, ...rest] = inFlight.splice(0);
        queue.giveBack(rest);
        await worker.terminate();
        try {
          await options.deadline!.onStopped(head, why);
          resolve();
        } catch (error) {
          reject(error);
        }
      };
      const send = () => {
        const id = sent < JOBS_PER_WORKER ? queue.take() : undefined;
        if (id === undefined) {
          if (inFlight.length === 0) resolve();
          return;
        }
        sent++;
        inFlight.push(id);
        if (inFlight.length === 1) clock();
        worker.postMessage({ type: 'job', id, job: options.jobs[id] } satisfies PoolRequest<Init, Job>);
      };
      // biome-ignore lint/suspicious/noExplicitAny: as for listeners above
      const on = (event: string, listener: (...args: any[]) => void) => {
        listeners.push([event, listener]);
        worker.on(event, listener);
      };
      on('message', async (response: PoolResponse<Result>) => {
        if (spoilt) return;
        if (response.type === 'ready') {
          ready = true;
          return clock();
        }
        if (response.type === 'failed')
          return fail(new Error(`${options.describe(options.jobs[response.id])} failed: ${response.message}`));
        inFlight.shift();
        clock();
        try {
          await options.onDone(response.id, response.result);
        } catch (error) {
          return fail(error);
        }
        finished++;
        if (!spoilt) send();
      });
      on('error', (error: Error & { code?: string }) => {
        if (spoilt) return;
        if (options.deadline && error.code === 'ERR_WORKER_OUT_OF_MEMORY' && inFlight.length > 0) void stop('memory');
        else fail(error);
      });
      on('exit', (code: number) => {
        if (!spoilt) fail(new Error(`a worker thread stopped with exit code ${code}`));
      });
      if (!kept) worker.postMessage({ type: 'init', init: options.init } satisfies PoolRequest<Init, Job>);
      // Two jobs in flight, so the worker never waits for the main thread between jobs.
      send();
      send();
    });
  } finally {
    untrack?.();
    clearTimeout(timer);
    for (const [event, listener] of listeners) worker.off(event, listener);
    if (!spoilt && ready && options.keeper && sent < JOBS_PER_WORKER) {
      served.set(worker, sent);
      options.keeper.park(options.script, options.init, worker);
    } else await worker.terminate();
  }
  return { finished, stopped };
}

/**
 * Keeps an idle worker between runs that share their `init` (the same object):
 * the dev server compiles a page or two per edit, and a fresh worker would
 * load the Markdown stack and the highlighter each time. A parked worker
 * does not keep the process alive; `close` stops them all.
 */
export class WorkerKeeper {
  private idle: { script: string; init: unknown; worker: Worker }[] = [];

  take(script: URL, init: unknown): Worker | undefined {
    const at = this.idle.findIndex((entry) => entry.script === script.href && entry.init === init);
    if (at === -1) return undefined;
    const [entry] = this.idle.splice(at, 1);
    entry.worker.ref();
    return entry.worker;
  }

  /** Keeps one idle worker: an edit compiles a page or two. Workers made for another init are never taken again. */
  park(script: URL, init: unknown, worker: Worker): void {
    const spare =
      this.idle.length > 0 && this.idle.every((entry) => entry.script === script.href && entry.init === init);
    if (spare) return void worker.terminate();
    for (const stale of this.idle.splice(0)) void stale.worker.terminate();
    worker.unref();
    this.idle.push({ script: script.href, init, worker });
  }

  /** Starts a worker for `init` and keeps it, unless one is kept already: the next run finds it loaded. */
  prestart(script: URL, limits: HeapLimits, init: unknown): void {
    if (this.idle.some((entry) => entry.script === script.href && entry.init === init)) return;
    const worker = new Worker(script, { resourceLimits: limits });
    worker.postMessage({ type: 'init', init } satisfies PoolRequest<unknown, never>);
    // Its setup failing shows on the run that takes it.
    worker.on('error', () => undefined);
    this.park(script, init, worker);
  }

  async close(): Promise<void> {
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((entry) => entry.worker.terminate()));
  }
}
