import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ContentFile, PageContent } from '../types.js';
import type { WorkerInit, WorkerRequest, WorkerResponse } from './compile-worker.js';

/** Below this many pages to compile, starting workers costs more than it saves. */
export const POOL_THRESHOLD = 300;
const YOUNG_GENERATION_MB = 96;

/** The compiled worker script, present when running from `lib/` (not from TypeScript sources in tests). */
function workerScript(): string | undefined {
  const file = fileURLToPath(new URL('./compile-worker.js', import.meta.url));
  return existsSync(file) ? file : undefined;
}

export function canUsePool(pages: number): boolean {
  return pages >= POOL_THRESHOLD && workerScript() !== undefined && os.availableParallelism() > 1;
}

/**
 * Compiles pages on worker threads, one per core: each worker keeps its own
 * highlighter, and pages go to whichever worker is free. Results come back
 * in the order of the input.
 */
export async function compileInPool(
  jobs: { file: ContentFile; route: string }[],
  init: WorkerInit,
  onDone: (index: number, content: PageContent) => void,
): Promise<void> {
  const size = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(jobs.length / POOL_THRESHOLD)));
  // A larger young generation: compiling allocates many short-lived objects, and the default size spends much of the time in GC.
  const workers = Array.from({ length: size }, () => new Worker(workerScript()!, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }));
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.postMessage({ type: 'init', init } satisfies WorkerRequest);
            const send = () => {
              if (next >= jobs.length) return resolve();
              const id = next++;
              worker.postMessage({ type: 'compile', id, file: jobs[id].file, route: jobs[id].route } satisfies WorkerRequest);
            };
            worker.on('message', (response: WorkerResponse) => {
              if (response.type === 'failed') return reject(new Error(`compiling ${jobs[response.id].file.file} failed: ${response.message}`));
              onDone(response.id, response.content);
              send();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`a Markdown worker stopped with exit code ${code}`));
            });
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
