import { main } from '../../cli/main.js';
import type { CliResult } from './run-cli.js';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `docsgen <args>` in this test process: the CLI's own main() (argument
 * parsing, the command, its report and exit code), with what it writes to
 * stdout and stderr captured, as `NO_COLOR=1 docsgen <args>` prints it.
 *
 * For the catalogues of bad input, where each case is a whole build: a run
 * here costs a tenth of a new process's CPU, which starts Node, loads
 * docsgen and starts its workers every time. What only a process shows
 * (bin/docsgen.mjs, the compiled lib/, signals, worker threads and their
 * deadlines, an environment of its own) is left to the tests that spawn the
 * CLI (run-cli.ts); a case that needs any of it runs there too
 * (bad-input.ts). Runs take turns, since both streams are this process's.
 */
export function runCliInProcess(args: string[]): Promise<CliResult> {
  const run = queue.then(() => runNow(args));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(args: string[]): Promise<CliResult> {
  const output = { stdout: '', stderr: '' };
  const streams = { stdout: process.stdout, stderr: process.stderr } as const;
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const noColor = process.env.NO_COLOR;
  process.env.NO_COLOR = '1';
  for (const name of ['stdout', 'stderr'] as const) {
    streams[name].write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      output[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => done());
      return true;
    }) as typeof process.stdout.write;
  }
  try {
    const code = await main(args);
    return { code, ...output };
  } finally {
    streams.stdout.write = writes.stdout;
    streams.stderr.write = writes.stderr;
    if (noColor === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = noColor;
  }
}
