import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PageContent } from '../types.js';
import type { PoolRequest, PoolResponse } from '../workers/worker-pool.js';
import { compileDeadlineMs, measureCompileCost } from './compile-cost.js';
import type { CompileJob, WorkerInit } from './compile-worker.js';

const SCRIPT = new URL('./compile-worker.js', import.meta.url);

/**
 * Heap limits of the guarded worker: a large young generation (big pages
 * allocate many short-lived objects) and an old generation a page may not
 * outgrow: past it the worker stops, and the page is reported, instead of the
 * whole process running out of memory.
 */
const LIMITS = { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 2048 };

/** True when the compiled worker script exists (it does in lib/, not when running from TypeScript sources). */
export const canCompileGuarded = () => existsSync(SCRIPT);

type Outcome = { kind: 'done'; content: PageContent } | { kind: 'timeout' | 'memory' } | { kind: 'failed'; message: string };

/** A costly page; `codeLine` (1-based in its body) when it is guarded for its code blocks rather than for its Markdown. */
export interface GuardedJob extends CompileJob {
  codeLine?: number;
}

/**
 * Compiles costly pages (compile-cost.ts) one at a time on a worker thread
 * with a deadline each. A page that runs past its deadline, or out of the
 * worker's memory, gets an error diagnostic instead of content; the worker
 * is stopped and a fresh one takes the next page. The worker writes what it
 * compiles to the disk cache itself, as the pool's workers do; it has no
 * highlighting budget (`init.codeBudget`): the deadline bounds it.
 */
export async function compileGuarded(jobs: GuardedJob[], init: WorkerInit, onDone: (index: number, content: PageContent) => void): Promise<void> {
  let worker: { thread: Worker; ready: Promise<void> } | undefined;
  try {
    for (const [index, job] of jobs.entries()) {
      worker ??= startWorker(init);
      await worker.ready;
      const outcome = await compileOne(worker.thread, index, job, compileDeadlineMs(job.file.body));
      if (outcome.kind === 'done') {
        onDone(index, outcome.content);
        continue;
      }
      await worker.thread.terminate();
      worker = undefined;
      if (outcome.kind === 'failed') throw new Error(`compiling ${job.file.file} failed: ${outcome.message}`);
      onDone(index, tooCostly(job, outcome.kind));
    }
  } finally {
    await worker?.thread.terminate();
  }
}

function startWorker(init: WorkerInit): { thread: Worker; ready: Promise<void> } {
  const thread = new Worker(SCRIPT, { resourceLimits: LIMITS });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (response: PoolResponse<PageContent>) => {
      if (response.type !== 'ready') return;
      thread.off('message', onMessage).off('error', reject);
      resolve();
    };
    thread.on('message', onMessage).on('error', reject);
  });
  // No highlighting budget here: the deadline bounds this worker.
  thread.postMessage({ type: 'init', init: { ...init, codeBudget: undefined } } satisfies PoolRequest<WorkerInit, CompileJob>);
  return { thread, ready };
}

function compileOne(thread: Worker, id: number, job: CompileJob, deadlineMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      resolve(outcome);
    };
    const onMessage = (response: PoolResponse<PageContent>) => {
      if (response.type === 'done' && response.id === id) finish({ kind: 'done', content: response.result });
      else if (response.type === 'failed' && response.id === id) finish({ kind: 'failed', message: response.message });
    };
    const onError = (error: Error & { code?: string }) => finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'memory' } : { kind: 'failed', message: error.message });
    const onExit = (code: number) => finish({ kind: 'failed', message: `the worker thread stopped with exit code ${code}` });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), deadlineMs);
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.postMessage({ type: 'job', id, job } satisfies PoolRequest<WorkerInit, CompileJob>);
  });
}

/** The content of a page that was stopped: no HTML, one error at its most costly paragraph (or code block). */
function tooCostly({ file, codeLine }: GuardedJob, why: 'timeout' | 'memory'): PageContent {
  const line = codeLine ?? measureCompileCost(file.body, file.format).line;
  const limit = why === 'timeout' ? `took longer than ${Math.round(compileDeadlineMs(file.body) / 1000)} s` : `needed more than ${LIMITS.maxOldGenerationSizeMb} MB of memory`;
  return {
    html: '',
    headings: [],
    links: [],
    assets: {},
    diagnostics: [
      {
        severity: 'error',
        rule: 'too-costly',
        message: `compiling this page ${limit}, and was stopped`,
        file: file.file,
        line: line + file.bodyLineOffset,
        column: 1,
        hint:
          codeLine !== undefined
            ? 'syntax highlighting can take time that grows with the square of a line\'s length: break the long lines of this code block into shorter ones, or mark it as `text`'
            : `a long paragraph with thousands of unmatched *, _, ~, [ or ]${file.format === 'mdx' ? ' (or { } expressions)' : ''} makes the Markdown parser slow: split it, or put such text in \`code\``,
      },
    ],
  };
}
