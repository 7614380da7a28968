import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

/** Which of the CLI's output streams goes away. */
export type LostStream = 'stdout' | 'stderr' | 'both';

export interface LostOutputOptions {
  lose: LostStream;
  /**
   * `closed`: the reading end of the stream's pipe is destroyed (as by `| head -1` once it has its line);
   * `full`: the stream is /dev/full from the start, so every write to it fails with ENOSPC.
   */
  kind: 'closed' | 'full';
  /** `closed`: destroy the pipe once what the CLI wrote so far passes this test (default: before it writes anything). */
  after?: (output: { stdout: string; stderr: string }) => boolean;
  /** Called once the stream is gone, with what the CLI wrote so far: a server test makes the server write something. */
  then?: (child: ChildProcess, output: { stdout: string; stderr: string }) => void | Promise<void>;
  env?: NodeJS.ProcessEnv;
}

export interface LostOutputRun {
  /** The exit code; the signal's name if a signal ended it; 'hung' if it was still running after HANG_MS (then killed). */
  code: number | string;
  /** What the CLI wrote on each stream while the stream was there (all of it, for a stream that stayed). */
  stdout: string;
  stderr: string;
}

/** Generous: a run these tests make stops in about a second (a whole build of a small site takes a few); only a hang takes this long. Below the test timeout. */
const HANG_MS = 150_000;

/** Every process started here, so a test that failed otherwise leaves none running (`killLeftovers` in afterEach). */
const started = new Set<ChildProcess>();

/** Kills whatever these helpers started and is still running (a hung CLI, a pipeline's group). */
export function killLeftovers(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.spawnfile === 'bash' ? -child.pid! : child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  started.clear();
}

/** Runs the real CLI (`bin/docsgen.mjs`), takes stdout, stderr or both away from it, and resolves once it exits. */
export function runWithLostOutput(args: string[], options: LostOutputOptions): Promise<LostOutputRun> {
  const losing = (name: 'stdout' | 'stderr') => options.lose === 'both' || options.lose === name;
  const full = options.kind === 'full' ? openSync('/dev/full', 'w') : undefined;
  const stream = (name: 'stdout' | 'stderr') => (full !== undefined && losing(name) ? full : 'pipe');
  const stdio: StdioOptions = ['ignore', stream('stdout'), stream('stderr')];
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio,
  });
  if (full !== undefined) closeSync(full);
  started.add(child);
  const output = { stdout: '', stderr: '' };
  let gone = false;
  const loseNow = () => {
    if (gone) return;
    gone = true;
    if (options.kind === 'closed') {
      if (losing('stdout')) child.stdout!.destroy();
      if (losing('stderr')) child.stderr!.destroy();
    }
    void options.then?.(child, output);
  };
  for (const name of ['stdout', 'stderr'] as const) {
    child[name]?.setEncoding('utf8').on('data', (chunk: string) => {
      if (gone && options.kind === 'closed' && losing(name)) return;
      output[name] += chunk;
      if (options.after?.(output)) loseNow();
    });
  }
  if (!options.after) loseNow();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: 'hung', ...output });
    }, HANG_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? 'unknown', ...output });
    });
  });
}

/** Runs a shell pipeline (bash), resolving with the exit code of its first command (`PIPESTATUS[0]`), or 'hung' after HANG_MS. */
export function runPipeline(
  command: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | string; output: string }> {
  const child = spawn('bash', ['-c', `${command}; exit \${PIPESTATUS[0]}`], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.add(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      // The whole group: bash and the CLI it started.
      process.kill(-child.pid!, 'SIGKILL');
      resolve({ code: 'hung', output });
    }, HANG_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? 'unknown', output });
    });
  });
}

/** The CLI's command for a shell line: node and bin/docsgen.mjs, quoted. */
export const docsgenCommand = `'${process.execPath}' '${path.join(repoRoot, 'bin/docsgen.mjs')}'`;
