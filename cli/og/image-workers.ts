import { Worker } from 'node:worker_threads';
import type { SocialCard } from '../../templates/og/SocialImage.js';
import { canUseWorker, maxWorkers, type PoolRequest, type PoolResponse } from '../workers/worker-pool.js';
import type { SocialLogoSource } from './social-logo.js';

const SCRIPT = new URL('./og-worker.js', import.meta.url);

/** At most this many image workers: the images are a small part of a build, which has other work for the cores. */
const MAX_IMAGE_WORKERS = 2;
const LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 256 };

/**
 * Worker threads that draw social images while the main thread does the
 * rest of the build. They start (and load satori, resvg and the fonts) as
 * soon as the build knows it will draw images, before any title is known;
 * `draw` then hands them the cards, taken from one queue one at a time.
 */
export class ImageWorkers {
  private readonly workers: Worker[] = [];
  private cards: SocialCard[] = [];
  private next = 0;
  private onDone: (index: number, png: Uint8Array) => void = () => undefined;
  private readonly idle: (() => void)[] = [];
  private readonly lanes: Promise<void>[] = [];
  private started = false;

  private constructor(logo: SocialLogoSource | undefined, count: number) {
    for (let i = 0; i < count; i++) this.lanes.push(this.lane(logo));
    // A lane that fails leaves its cards to the main thread (social-images.ts); never an unhandled rejection.
    for (const lane of this.lanes) lane.catch(() => undefined);
  }

  /** Starts the workers, or undefined where none may run (from TypeScript sources, DOCSGEN_WORKERS below 2). */
  static start(logo: SocialLogoSource | undefined): ImageWorkers | undefined {
    if (!canUseWorker(SCRIPT)) return undefined;
    return new ImageWorkers(logo, Math.min(MAX_IMAGE_WORKERS, maxWorkers()));
  }

  /** Draws the cards (once per ImageWorkers); resolves when every lane is done, then the workers stop. */
  async draw(cards: SocialCard[], onDone: (index: number, png: Uint8Array) => void): Promise<void> {
    this.cards = cards;
    this.onDone = onDone;
    this.started = true;
    for (const worker of this.workers) worker.ref();
    for (const wake of this.idle.splice(0)) wake();
    try {
      await Promise.all(this.lanes);
    } finally {
      await this.stop();
    }
  }

  /** Stops every worker (a build that draws nothing stops the ones it started early). */
  async stop(): Promise<void> {
    this.started = true;
    this.cards = [];
    for (const wake of this.idle.splice(0)) wake();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private lane(logo: SocialLogoSource | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const worker = new Worker(SCRIPT, { resourceLimits: LIMITS });
      this.workers.push(worker);
      const send = () => {
        if (!this.started) return void this.idle.push(send);
        if (this.next >= this.cards.length) return resolve();
        const id = this.next++;
        worker.postMessage({ type: 'job', id, job: this.cards[id] } satisfies PoolRequest<unknown, SocialCard>);
      };
      worker.on('message', (response: PoolResponse<Uint8Array>) => {
        if (response.type === 'ready') return;
        if (response.type === 'failed') return reject(new Error(`drawing the social image of '${this.cards[response.id]?.title}' failed: ${response.message}`));
        this.onDone(response.id, response.result);
        send();
      });
      worker.on('error', reject);
      worker.on('exit', () => resolve());
      // Idle, a worker never keeps the process alive (a build that fails before drawing just ends); drawing, it does.
      // After the listeners: adding one refs the worker again.
      if (!this.started) worker.unref();
      worker.postMessage({ type: 'init', init: logo } satisfies PoolRequest<SocialLogoSource | undefined, SocialCard>);
      send();
    });
  }
}
