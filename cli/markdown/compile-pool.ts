import type { ContentFile, PageContent } from '../types.js';
import { canUsePool, runPool } from '../workers/worker-pool.js';
import type { CompileJob, WorkerInit } from './compile-worker.js';

const SCRIPT = new URL('./compile-worker.js', import.meta.url);

export const canCompileInPool = (pages: number) => canUsePool(SCRIPT, pages);

/**
 * Compiles pages on worker threads, one per core: each worker keeps its own
 * highlighter and writes the pages it compiled to the disk cache itself, so
 * the main thread only collects results.
 */
export async function compileInPool(
  jobs: { file: ContentFile; route: string; cacheKey: string }[],
  init: WorkerInit,
  onDone: (index: number, content: PageContent) => void,
): Promise<void> {
  // Room for one very large page's syntax trees.
  const limits = { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 512 };
  await runPool<WorkerInit, CompileJob, PageContent>({ script: SCRIPT, limits, init, jobs, onDone, describe: (job) => `compiling ${job.file.file}` });
}
