import { Worker } from 'node:worker_threads';
import type { SocialCard } from '../../templates/og/SocialImage.js';
import { canUseWorker, maxWorkers, type PoolRequest, type PoolResponse } from '../workers/worker-pool.js';
import type { SocialLogoSource } from './social-logo.js';

const SCRIPT = new URL('./og-worker.js', import.meta.url);

/** At most this many image workers: the images are a small part of a build, which has other work for the cores. */
const MAX_IMAGE_WORKERS = 2;
/** Fewer images than this are drawn by one worker: starting another costs more than it saves. */
const IMAGES_PER_WORKER = 16;
const LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 256 };

/** True when images can be drawn on worker threads (from lib/, with DOCSGEN_WORKERS not below 2). */
export const canDrawInWorkers = () => canUseWorker(SCRIPT);

/**
 * Draws cards on worker threads while the main thread renders the pages:
 * each worker loads satori, resvg and the fonts once, then takes cards from
 * one queue, one at a time. Resolves each card's PNG as it is drawn.
 */
export function drawInWorkers(logo: SocialLogoSource | undefined, cards: SocialCard[], onDone: (index: number, png: Uint8Array) => void): { done: Promise<void>; stop: () => Promise<void> } {
  const count = Math.max(1, Math.min(MAX_IMAGE_WORKERS, maxWorkers(), Math.ceil(cards.length / IMAGES_PER_WORKER)));
  let next = 0;
  const workers: Worker[] = [];
  const lane = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(SCRIPT, { resourceLimits: LIMITS });
      workers.push(worker);
      const send = () => {
        if (next >= cards.length) return resolve();
        const id = next++;
        worker.postMessage({ type: 'job', id, job: cards[id] } satisfies PoolRequest<unknown, SocialCard>);
      };
      worker.on('message', (response: PoolResponse<Uint8Array>) => {
        if (response.type === 'ready') return;
        if (response.type === 'failed') return reject(new Error(`drawing the social image of '${cards[response.id].title}' failed: ${response.message}`));
        onDone(response.id, response.result);
        send();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`an image worker stopped with exit code ${code}`))));
      worker.postMessage({ type: 'init', init: logo } satisfies PoolRequest<SocialLogoSource | undefined, SocialCard>);
      send();
    });
  const stop = async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
  const done = Promise.all(Array.from({ length: count }, lane)).finally(stop).then(() => undefined);
  return { done, stop };
}
