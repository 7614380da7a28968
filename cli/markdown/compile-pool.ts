import type { PageContent } from '../types.js';
import { canUsePool, runPool } from '../workers/worker-pool.js';
import type { CostlyCode } from './compile-cost.js';
import type { CompileJob, WorkerInit } from './compile-worker.js';

const SCRIPT = new URL('./compile-worker.js', import.meta.url);

export const canCompileInPool = (pages: number) => canUsePool(SCRIPT, pages);

/**
 * Compiles pages on worker threads, one per core: each worker keeps its own
 * highlighter and writes the pages it compiled to the disk cache itself, so
 * the main thread only collects results. A page whose code goes over
 * `init.codeBudget` comes back as CostlyCode. Resolves to the number of
 * workers that compiled pages.
 */
export async function compileInPool(
  jobs: CompileJob[],
  init: WorkerInit,
  onDone: (index: number, outcome: PageContent | CostlyCode) => void,
): Promise<number> {
  // Room for one very large page's syntax trees.
  const limits = { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 512 };
  return runPool<WorkerInit, CompileJob, PageContent | CostlyCode>({ script: SCRIPT, limits, init, jobs, onDone, describe: (job) => `compiling ${job.file.file}` });
}
