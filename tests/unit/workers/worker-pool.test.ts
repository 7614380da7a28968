import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../cli/errors.js';
import { maxWorkers } from '../../../cli/workers/worker-pool.js';

describe('DOCSGEN_WORKERS', () => {
  it('sets how many worker threads a pool may start; unset, one per core', () => {
    expect(maxWorkers({})).toBe(os.availableParallelism());
    expect(maxWorkers({ DOCSGEN_WORKERS: '' })).toBe(os.availableParallelism());
    expect(maxWorkers({ DOCSGEN_WORKERS: '2' })).toBe(2);
    expect(maxWorkers({ DOCSGEN_WORKERS: ' 8 ' })).toBe(8);
    expect(maxWorkers({ DOCSGEN_WORKERS: '0' })).toBe(0);
  });

  it.each(['two', '-1', '1.5', '1e3', '99999'])("refuses '%s' with what to write", (value) => {
    let error: unknown;
    try {
      maxWorkers({ DOCSGEN_WORKERS: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).message).toBe(`DOCSGEN_WORKERS must be a whole number of worker threads, not '${value}'`);
    expect((error as DocsgenError).hint).toBe('for example DOCSGEN_WORKERS=4; 0 or 1 renders on the main thread and compiles on one worker; unset it for one per core');
  });
});
