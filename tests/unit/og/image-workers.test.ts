import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCompletePng } from '../../../cli/og/encode-png.js';
import {
  CARDS_PER_EXTRA_WORKER,
  FINISH_CARD_MS,
  ImageWorkers,
  wantsAnotherWorker,
} from '../../../cli/og/image-workers.js';

describe('how many threads draw social images', () => {
  it('starts one worker whenever images are to be drawn and threads are allowed', () => {
    expect(wantsAnotherWorker(0, 0, 2)).toBe(true);
    expect(wantsAnotherWorker(0, 1_000, 8)).toBe(true);
  });

  it('adds a second only for a queue that pays for its start-up, so a small site is drawn by one', () => {
    // A six-page site: the second worker would spend more starting than the first spends drawing what is left.
    expect(wantsAnotherWorker(1, 6, 2)).toBe(false);
    expect(wantsAnotherWorker(1, CARDS_PER_EXTRA_WORKER - 1, 2)).toBe(false);
    expect(wantsAnotherWorker(1, CARDS_PER_EXTRA_WORKER, 2)).toBe(true);
    expect(wantsAnotherWorker(1, 1_000, 8)).toBe(true);
  });

  it('never more than two, nor more than DOCSGEN_WORKERS allows', () => {
    expect(wantsAnotherWorker(2, 1_000, 8)).toBe(false);
    expect(wantsAnotherWorker(1, 1_000, 1)).toBe(false);
  });
});

/**
 * A worker terminated inside Node's zlib (each PNG is deflated there) aborts
 * the whole process ("close before init", exit 134): stopping the workers
 * (a SIGTERM, a build that no longer needs an early card) lets a card in hand
 * finish, and terminates only a worker with none, or one that is stuck.
 */
describe('stopping the image workers', () => {
  const compiledWorker = new URL('../../../lib/og-worker.js', import.meta.url);
  const card = { title: 'Taking photos', siteTitle: 'VisionCamera', section: 'Guides', host: 'example.com' };

  it('lets the card being drawn finish (a complete PNG), and drops the cards still queued', async () => {
    const workers = ImageWorkers.start(undefined, compiledWorker);
    if (!workers) throw new Error('lib/og-worker.js is missing: the tests run after `npm run compile`');
    const inHand = workers.draw('a', card);
    const queued = workers.draw('b', { ...card, title: 'Recording videos' });
    // At once: the worker has only just started, so the first card is on its way to it, the second waits. Starting
    // a worker and drawing its first card takes about a second, more on a busy machine than FINISH_CARD_MS allows:
    // the wait here is long enough for any machine (the bound itself is the next test's).
    await workers.stop(60_000);
    const png = await inHand;
    expect(png && isCompletePng(png)).toBe(true);
    expect(await queued).toBeUndefined();
    // Stopped, the workers draw nothing more: the caller draws on the main thread.
    expect(await workers.draw('c', card)).toBeUndefined();
  }, 60_000);

  it('still stops a worker that never finishes its card, after waiting FINISH_CARD_MS for it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-stuck-worker-'));
    const script = path.join(dir, 'stuck-worker.mjs');
    // Answers the pool's setup, then spins on its first card.
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (m) => { if (m.type === 'init') parentPort.postMessage({ type: 'ready' }); else for (;;) {} });\n`,
    );
    try {
      const workers = ImageWorkers.start(undefined, pathToFileURL(script))!;
      const drawn = workers.draw('a', card);
      const started = Date.now();
      await workers.stop();
      expect(Date.now() - started).toBeGreaterThanOrEqual(FINISH_CARD_MS - 50);
      expect(await drawn).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
