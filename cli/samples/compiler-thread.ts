/**
 * The compiler's worker thread, seen from the main thread: started on the
 * first check that needs it, kept for the next ones (dev), stopped when a
 * check runs past its time limit or out of memory (types can be written to
 * take minutes) and started afresh by the next check. It never keeps the
 * process alive: the thread is unref'd, and only a running check's timer
 * holds the event loop.
 */
import { Worker } from 'node:worker_threads';
import type {
  CompilerInit,
  CompilerRequest,
  CompilerResponse,
  FileResult,
  LibraryExport,
  PageFiles,
} from './checker-protocol.js';
import { sampleWorkerScript } from './worker-script.js';

/**
 * Heap limits of the worker: the type packages of a React Native library
 * take a few hundred megabytes; a sample that makes the compiler outgrow
 * this is stopped and reported, instead of the whole process running out.
 */
export const COMPILER_LIMITS = { maxYoungGenerationSizeMb: 64, maxOldGenerationSizeMb: 2048 };

/** How a run ended: all answered, or stopped (past the deadline, out of memory, or by `close`). */
export type RunOutcome = 'done' | 'timeout' | 'memory' | 'closed';

export interface RunHandlers {
  onPage: (index: number, files: FileResult[]) => void;
  onPageFailed: (index: number, message: string) => void;
  onExports: (exports: LibraryExport[]) => void;
}

export class CompilerThread {
  private worker?: Worker;
  /** The thread being started (its script found, TypeScript loading), for the check that wants it meanwhile. */
  private starting?: Promise<Worker>;
  /** Ends the running check when the thread is stopped from outside (`close`). */
  private stopRun?: (outcome: RunOutcome) => void;
  /** Counts `close` calls: a check asked for before one (still waiting, or starting its thread) ends as `closed`. */
  private closes = 0;

  constructor(private readonly init: CompilerInit) {}

  /** True once a thread was started (by this check or an earlier one) and is still alive. */
  get started(): boolean {
    return this.worker !== undefined;
  }

  /** A mark to give `run`: a check asked for now ends as `closed` if `close` is called before it runs. */
  get ticket(): number {
    return this.closes;
  }

  /** Sends one check and waits for its answers, at most `deadlineMs` (from the moment it is sent). */
  async run(
    request: { pages: PageFiles[]; exports: boolean; declarations: PageFiles },
    deadlineMs: number,
    handlers: RunHandlers,
    ticket = this.closes,
  ): Promise<RunOutcome> {
    if (ticket !== this.closes) return 'closed';
    const worker = await this.thread();
    if (ticket !== this.closes) {
      await this.stop();
      return 'closed';
    }
    const outcome = await new Promise<RunOutcome | Error>((resolve) => {
      const finish = (result: RunOutcome | Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.stopRun = undefined;
        resolve(result);
      };
      const onMessage = (response: CompilerResponse) => {
        if (response.type === 'page') handlers.onPage(response.index, response.files);
        else if (response.type === 'page-failed') handlers.onPageFailed(response.index, response.message);
        else if (response.type === 'exports') handlers.onExports(response.exports);
        else if (response.type === 'done') finish('done');
        else finish(new Error(`type-checking the code samples failed: ${response.message}`));
      };
      const onError = (error: Error & { code?: string }) =>
        finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : error);
      const onExit = (code: number) =>
        finish(new Error(`the type-checking worker thread stopped with exit code ${code}`));
      const timer = setTimeout(() => finish('timeout'), deadlineMs);
      this.stopRun = finish;
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage({ type: 'check', ...request } satisfies CompilerRequest);
    });
    if (outcome !== 'done') await this.stop();
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  /**
   * Starts the thread before any check is sent: it loads TypeScript and reads
   * the library while the build does other work (a cold build's first check
   * would otherwise wait for both). The check that follows uses this thread.
   */
  prestart(): void {
    this.thread().catch(() => undefined);
  }

  /** The running thread, or one started now (one at a time: a check and a prestart share it). */
  private async thread(): Promise<Worker> {
    if (this.worker) return this.worker;
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** Stops the thread (a running check ends as `closed`); the next `run` starts a new one. */
  async close(): Promise<void> {
    this.closes++;
    this.stopRun?.('closed');
    await this.stop();
  }

  private async start(): Promise<Worker> {
    const worker = new Worker(await sampleWorkerScript(), { resourceLimits: COMPILER_LIMITS });
    worker.unref();
    // A thread that dies between checks is replaced by the next check.
    worker
      .on('error', () => undefined)
      .on('exit', () => {
        if (this.worker === worker) this.worker = undefined;
      });
    worker.postMessage({ type: 'init', init: this.init } satisfies CompilerRequest);
    this.worker = worker;
    return worker;
  }

  private async stop(): Promise<void> {
    // A thread still starting (a prestart) is stopped once it exists.
    const worker = this.worker ?? (await this.starting?.catch(() => undefined));
    this.worker = undefined;
    await worker?.terminate();
  }
}
