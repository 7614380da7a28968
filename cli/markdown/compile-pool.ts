import { existsSync } from 'node:fs';
import type { PageContent } from '../types.js';
import { runPool, type HeapLimits, type WorkerKeeper } from '../workers/worker-pool.js';
import { timeoutFromEnv } from '../config/evaluate-config.js';
import { compileDeadlineMs, DEFAULT_PAGE_TIMEOUT_SECONDS, isCostlyCode, type CostlyCode } from './compile-cost.js';
import { GUARDED_LIMITS, needsGuard, tooCostly, type GuardedJob } from './compile-guard.js';
import type { CompileJob, WorkerInit } from './compile-worker.js';

const SCRIPT = new URL('./compile-worker.js', import.meta.url);

/** Heap limits of a pool worker: room for one large page's syntax trees (larger pages go to the guarded worker). */
const POOL_LIMITS: HeapLimits = { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 512 };

/**
 * True when the compiled worker script exists (it does in lib/, not when
 * tests run the TypeScript sources): then no page is compiled on the main
 * thread, where a page the parser is slow on would keep signals waiting.
 */
export const canCompileOnWorkers = () => existsSync(SCRIPT);

/** The environment variable that sets the step of a page's compile time, in seconds (compile-cost.ts, compileDeadlineMs). */
export const PAGE_TIMEOUT_ENV = 'DOCSGEN_PAGE_TIMEOUT';

/** DOCSGEN_PAGE_TIMEOUT in milliseconds (10 s by default); a bad value is a usage error, before any page compiles. */
export function pageTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return timeoutFromEnv(PAGE_TIMEOUT_ENV, DEFAULT_PAGE_TIMEOUT_SECONDS, env);
}

/**
 * Compiles pages on worker threads, each page with a deadline (10 s, plus
 * 10 s per started MB; DOCSGEN_PAGE_TIMEOUT sets the 10). Most go to the pool (one worker per core, and one per
 * 300 pages): each worker keeps its own highlighter and writes the pages it
 * compiled to the disk cache itself, so the main thread only collects
 * results. A pool worker past a page's deadline is stopped and replaced, and
 * the page gets a `too-costly` error. Pages the parser is costly on
 * (compile-cost.ts), big pages, pages whose code goes over the highlighting
 * budget and pages that outgrow a pool worker's heap compile after them, one
 * at a time, on the guarded worker: a larger heap and stack, no highlighting
 * budget, the same deadline. `keeper` keeps the pool's idle workers for the
 * next call (the dev server). Resolves to the number of pool workers that
 * compiled pages.
 */
/** Starts a pool worker for `init` in `keeper` ahead of the first compile (dev, while it waits for the first edit). */
export function prestartCompileWorker(init: WorkerInit, keeper: WorkerKeeper): void {
  if (canCompileOnWorkers()) keeper.prestart(SCRIPT, POOL_LIMITS, init);
}

export async function compileOnWorkers(
  jobs: CompileJob[],
  init: WorkerInit,
  onDone: (index: number, content: PageContent) => void,
  keeper?: WorkerKeeper,
): Promise<number> {
  const guarded: { index: number; codeLine?: number }[] = [];
  const pooled: number[] = [];
  jobs.forEach((job, index) => (needsGuard(job) ? guarded.push({ index }) : pooled.push(index)));
  const describe = (job: CompileJob) => `compiling ${job.file.file}`;
  const stepMs = pageTimeoutMs();
  const deadlineOf = (job: CompileJob) => compileDeadlineMs(job.file.body, stepMs);
  let workers = 0;
  if (pooled.length > 0) {
    workers = await runPool<WorkerInit, CompileJob, PageContent | CostlyCode>({
      script: SCRIPT,
      limits: POOL_LIMITS,
      init,
      jobs: pooled.map((i) => jobs[i]),
      describe,
      keeper,
      onDone: (at, outcome) => {
        if (isCostlyCode(outcome)) guarded.push({ index: pooled[at], codeLine: outcome.costlyCodeLine });
        else onDone(pooled[at], outcome);
      },
      deadline: {
        ms: deadlineOf,
        // A page that outgrew the pool's heap gets the guarded worker's; one past its deadline is done.
        onStopped: (at, why) =>
          why === 'memory'
            ? void guarded.push({ index: pooled[at] })
            : onDone(pooled[at], tooCostly(jobs[pooled[at]], why, POOL_LIMITS, deadlineOf(jobs[pooled[at]]))),
      },
    });
  }
  if (guarded.length > 0) {
    const guardedJobs: GuardedJob[] = guarded.map(({ index, codeLine }) => ({ ...jobs[index], codeLine }));
    await runPool<WorkerInit, GuardedJob, PageContent>({
      script: SCRIPT,
      limits: GUARDED_LIMITS,
      // No highlighting budget here: the deadline bounds this worker.
      init: { ...init, codeBudget: undefined },
      jobs: guardedJobs,
      describe,
      size: 1,
      onDone: (at, content) => onDone(guarded[at].index, content),
      deadline: {
        ms: deadlineOf,
        onStopped: (at, why) =>
          onDone(guarded[at].index, tooCostly(guardedJobs[at], why, GUARDED_LIMITS, deadlineOf(guardedJobs[at]))),
      },
    });
  }
  return workers;
}
