import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

/** A running `docsgen` command (`bin/docsgen.mjs`), with its stderr as it comes. */
export interface CliProcess {
  child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves once stderr (from its start) matches; rejects when it exits first or after `timeout` ms (a minute: only a missed line takes that long). */
  waitFor(pattern: RegExp, timeout?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Sends the signal and resolves with the exit code ('hung' if it did not exit within 30 s, then SIGKILLs it). */
  stop(signal?: NodeJS.Signals): Promise<number | null | 'hung'>;
}

/** A server command that said it is listening. */
export interface ServerProcess extends CliProcess {
  /** The URL it printed (baseUrl included). */
  url: string;
  /** Its scheme, host and port: `http://127.0.0.1:41234`. */
  origin: string;
}

/**
 * Starts the real CLI with these arguments, without waiting for anything; `env` is added to the environment.
 * `docsgen`: another copy of docsgen to run (tests/helpers/docsgen-copy.ts), this checkout by default.
 */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}, docsgen = repoRoot): CliProcess {
  const child = spawn(process.execPath, [path.join(docsgen, 'bin/docsgen.mjs'), ...args], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const check of [...waiters]) check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const name = `docsgen ${args[0]}`;

  const waitFor = (pattern: RegExp, timeout = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stderr);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(
        () => (done(), reject(new Error(`${name} never printed ${pattern}; stderr:\n${stderr}`))),
        timeout,
      );
      const onExit = (code: number | null) => (
        done(), reject(new Error(`${name} exited with ${code} before printing ${pattern}; stderr:\n${stderr}`))
      );
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
        child.off('exit', onExit);
      };
      waiters.add(check);
      child.once('exit', onExit);
      check();
      if (child.exitCode !== null) onExit(child.exitCode);
    });

  return {
    child,
    stderr: () => stderr,
    waitFor,
    exited,
    async stop(signal = 'SIGINT') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
      ]);
      if (code === 'hung') child.kill('SIGKILL');
      return code;
    },
  };
}

/** Starts a server command and resolves once its line naming the URL (`ready`, group 1) appears. */
export async function startServerProcess(
  args: string[],
  ready: RegExp,
  options: { env?: NodeJS.ProcessEnv; timeout?: number; docsgen?: string } = {},
): Promise<ServerProcess> {
  const cli = spawnCli(args, options.env, options.docsgen);
  const url = (await cli.waitFor(ready, options.timeout ?? 60_000))[1]!;
  return { ...cli, url, origin: new URL(url).origin };
}

/**
 * The real `docsgen serve` (the preview server browser tests run against,
 * with its redirects, 404 status and headers) on a built folder, on any
 * free port; resolves once it said where it listens.
 */
export function startServeProcess(
  outDir: string,
  args: string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  return startServerProcess(
    ['serve', '--out-dir', outDir, '--port', '0', ...args],
    /serving .* at (http:\/\/127\.0\.0\.1:\d+\/\S*)$/m,
    { env },
  );
}
