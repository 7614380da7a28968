import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../cli/errors.js';
import { maxWorkers, runPool } from '../../../cli/workers/worker-pool.js';
import { tempDir } from '../../helpers/run-cli.js';

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
    expect((error as DocsgenError).message).toBe(
      `DOCSGEN_WORKERS must be a whole number of worker threads, not '${value}'`,
    );
    expect((error as DocsgenError).hint).toBe(
      'for example DOCSGEN_WORKERS=4; 0 or 1 renders on the main thread and compiles on one worker; unset it for one per core',
    );
  });
});

/** A worker script in plain JavaScript (runPool starts any script that speaks its protocol). */
function workerScript(body: string): URL {
  const file = path.join(tempDir('docsgen-pool-'), 'worker.mjs');
  writeFileSync(file, `import { parentPort } from 'node:worker_threads';\n${body}\n`);
  return pathToFileURL(file);
}

/** Answers each job with its index; job `failAt` fails. */
const ANSWERING = (failAt: number) => `
parentPort.on('message', (request) => {
  if (request.type === 'init') return parentPort.postMessage({ type: 'ready' });
  if (request.id === ${failAt}) return parentPort.postMessage({ type: 'failed', id: request.id, message: 'job ${failAt} broke' });
  parentPort.postMessage({ type: 'done', id: request.id, result: request.id });
});`;

describe('runPool when workers fail', () => {
  const limits = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 };
  const previous = process.env.DOCSGEN_WORKERS;
  beforeAll(() => {
    process.env.DOCSGEN_WORKERS = '3';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.DOCSGEN_WORKERS;
    else process.env.DOCSGEN_WORKERS = previous;
  });

  it('rejects when its script is missing (deleted under a running build)', async () => {
    const script = new URL('./gone.mjs', workerScript(''));
    const jobs = Array.from({ length: 900 }, (_, i) => i);
    await expect(
      runPool({ script, limits, init: null, jobs, onDone: () => undefined, describe: (job) => `job ${job}` }),
    ).rejects.toThrow(/Cannot find module/);
  });

  it('rejects when a worker exits, even with code 0, instead of waiting for its jobs forever', async () => {
    const script = workerScript(`parentPort.on('message', () => process.exit(0));`);
    await expect(
      runPool({
        script,
        limits,
        init: null,
        jobs: Array.from({ length: 300 }, (_, i) => i),
        onDone: () => undefined,
        describe: (job) => `job ${job}`,
      }),
    ).rejects.toThrow('a worker thread stopped with exit code 0');
  });

  it('stops every lane at the first failed job: the other workers take no more jobs', async () => {
    const jobs = Array.from({ length: 30_000 }, (_, i) => i);
    let done = 0;
    await expect(
      runPool({
        script: workerScript(ANSWERING(5)),
        limits,
        init: null,
        jobs,
        onDone: () => void done++,
        describe: (job) => `job ${job}`,
      }),
    ).rejects.toThrow('job 5 failed: job 5 broke');
    // Every worker is stopped by the time the pool rejects: nothing is done after it (before, the other lanes went on
    // in the background to the last job).
    const atFailure = done;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(done).toBe(atFailure);
    expect(done).toBeLessThan(jobs.length / 2);
  });
});
