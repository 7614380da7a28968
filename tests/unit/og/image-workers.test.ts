import { describe, expect, it } from 'vitest';
import { CARDS_PER_EXTRA_WORKER, wantsAnotherWorker } from '../../../cli/og/image-workers.js';

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
