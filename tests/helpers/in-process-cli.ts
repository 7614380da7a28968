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
 *
 * `env` is set in this process's environment for the run, and restored after:
 * for what docsgen reads while it runs (PATH for git, a cache folder), never
 * for what only a process reads as it starts, nor for the worker threads'
 * deadlines (no worker runs here: from the TypeScript sources, docsgen works
 * on its main thread).
 */
export function runCliInProcess(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const run = queue.then(() => runNow(args, options.env ?? {}));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const output = { stdout: '', stderr: '' };
  const streams = { stdout: process.stdout, stderr: process.stderr } as const;
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const saved = Object.fromEntries(Object.keys({ ...env, NO_COLOR: '' }).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries({ ...env, NO_COLOR: '1' })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
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
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
