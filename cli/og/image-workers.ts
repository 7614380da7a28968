import { Worker } from 'node:worker_threads';
import type { SocialCard } from '../../templates/og/SocialImage.js';
import { onInterrupt } from '../interrupt.js';
import { canUseWorker, maxWorkers, type PoolRequest, type PoolResponse } from '../workers/worker-pool.js';
import type { SocialLogoSource } from './social-logo.js';

const SCRIPT = new URL('./og-worker.js', import.meta.url);

/**
 * One worker draws while the rest of the build keeps the cores busy (a second one there only competed with it and
 * paid its own start-up); once the pages are rendered, a second may join (`addLane`) to finish the queue.
 */
const EARLY_IMAGE_WORKERS = 1;
const MAX_IMAGE_WORKERS = 2;
/**
 * The fewest cards still queued for which a second worker pays for itself: starting one (loading satori, resvg and
 * decoding the fonts) costs about a second of CPU, as much as drawing a few dozen cards. With fewer left, the first
 * worker finishes them sooner than a second could start (a small site's build used twice the CPU for nothing).
 */
export const CARDS_PER_EXTRA_WORKER = 32;
const LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 256 };
/**
 * How long stopping waits for a card being drawn (tens of milliseconds) before the worker is terminated anyway:
 * only a worker that is stuck, hence not inside zlib, waits this long.
 */
export const FINISH_CARD_MS = 2_000;

/** Whether to start another image worker, with `running` started, `queued` cards waiting and `allowed` threads allowed. */
export function wantsAnotherWorker(running: number, queued: number, allowed: number): boolean {
  if (running >= Math.min(MAX_IMAGE_WORKERS, allowed)) return false;
  return running === 0 || queued >= CARDS_PER_EXTRA_WORKER;
}

interface Job {
  card: SocialCard;
  done: (png: Uint8Array | undefined) => void;
}

/**
 * Worker threads that draw social images while the main thread does the
 * rest of the build. They start (and load satori, resvg and the fonts) as
 * soon as the build knows it will draw images, before any title is known;
 * cards are queued by key as soon as each is known (the API pages' before the
 * guides'), and a key queued twice is drawn once.
 */
export class ImageWorkers {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private readonly drawn = new Map<string, Promise<Uint8Array | undefined>>();
  /** Called with a worker once it has no card in hand (its card drawn, or the worker gone). */
  private readonly whenFree = new Map<Worker, () => void>();
  private stopped: Promise<void> | undefined;
  private readonly forgetInterrupt: () => void;

  private constructor(
    private readonly logo: SocialLogoSource | undefined,
    private readonly script: URL,
    count: number,
  ) {
    // A stop (Ctrl+C, SIGTERM, an error) waits for the cards in hand before the process exits: see stop().
    this.forgetInterrupt = onInterrupt(() => this.stop());
    for (let i = 0; i < count; i++) this.addLane();
  }

  /**
   * Starts the workers, or undefined where none may run (from TypeScript sources, DOCSGEN_WORKERS below 2).
   * `script` is the worker's compiled entry (tests name lib/og-worker.js).
   */
  static start(logo: SocialLogoSource | undefined, script: URL = SCRIPT): ImageWorkers | undefined {
    if (!canUseWorker(script)) return undefined;
    return new ImageWorkers(logo, script, Math.min(EARLY_IMAGE_WORKERS, maxWorkers()));
  }

  /**
   * The card's PNG, drawn once per key; undefined when no worker could draw
   * it (a worker failed, or the workers were stopped): the caller draws it itself.
   */
  draw(key: string, card: SocialCard): Promise<Uint8Array | undefined> {
    let png = this.drawn.get(key);
    if (!png) {
      png =
        this.stopped !== undefined
          ? Promise.resolve(undefined)
          : new Promise((done) => this.queue.push({ card, done }));
      this.drawn.set(key, png);
      this.pump();
    }
    return png;
  }

  /**
   * Another worker on the same queue, when there is still a queue and the machine allows it: called once the
   * pages are rendered, when drawing is all that is left and a core would otherwise wait.
   */
  addLane(): void {
    if (this.stopped !== undefined || !wantsAnotherWorker(this.workers.length, this.queue.length, maxWorkers())) return;
    const worker = new Worker(this.script, { resourceLimits: LIMITS });
    this.workers.push(worker);
    worker.on('message', (response: PoolResponse<Uint8Array>) => {
      if (response.type === 'ready') return;
      this.finish(worker, response.type === 'done' ? response.result : undefined);
      this.idle.push(worker);
      this.pump();
    });
    // A worker that fails leaves its cards to the main thread (social-images.ts); never an unhandled rejection.
    const lost = () => {
      this.finish(worker, undefined);
      for (const list of [this.workers, this.idle]) if (list.includes(worker)) list.splice(list.indexOf(worker), 1);
      if (this.workers.length === 0) void this.stop();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    // Idle, a worker never keeps the process alive (a build that fails before drawing just ends); drawing, it does.
    // After the listeners: adding one refs the worker again.
    worker.unref();
    worker.postMessage({ type: 'init', init: this.logo } satisfies PoolRequest<
      SocialLogoSource | undefined,
      SocialCard
    >);
    this.idle.push(worker);
    this.pump();
  }

  /**
   * Stops every worker; cards still queued resolve as undrawn. A worker
   * drawing a card finishes it first (FINISH_CARD_MS at most): terminated
   * inside Node's zlib (the PNG's deflate), a worker aborts the whole process
   * ("close before init"), so only a worker with no card in hand, or one that
   * is stuck, is terminated. `finishCardMs` is for tests, which wait on a
   * busy machine for a card whose worker has only just started.
   */
  stop(finishCardMs = FINISH_CARD_MS): Promise<void> {
    this.stopped ??= this.stopWorkers(finishCardMs);
    return this.stopped;
  }

  private async stopWorkers(finishCardMs: number): Promise<void> {
    this.forgetInterrupt();
    for (const job of this.queue.splice(0)) job.done(undefined);
    const workers = this.workers.splice(0);
    this.idle.length = 0;
    await Promise.all(
      workers.map(async (worker) => {
        if (this.busy.has(worker)) await this.cardFinished(worker, finishCardMs);
        await worker.terminate();
      }),
    );
  }

  /** Resolves when the worker's card is drawn (or the worker is gone), or `finishCardMs` later. */
  private cardFinished(worker: Worker, finishCardMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, finishCardMs);
      this.whenFree.set(worker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private pump(): void {
    while (this.stopped === undefined && this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.ref();
      worker.postMessage({ type: 'job', id: 0, job: job.card } satisfies PoolRequest<unknown, SocialCard>);
    }
  }

  private finish(worker: Worker, png: Uint8Array | undefined): void {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    if (this.stopped === undefined) worker.unref();
    job?.done(png);
    this.whenFree.get(worker)?.();
    this.whenFree.delete(worker);
  }
}
