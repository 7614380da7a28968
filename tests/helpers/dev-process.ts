import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

export interface DevProcess {
  child: ChildProcess;
  /** The URL dev printed when it was ready. */
  url: string;
  /** Everything dev wrote to stderr so far. */
  stderr(): string;
  /** Resolves once stderr (from its start) matches; rejects after `timeout` ms. */
  waitFor(pattern: RegExp, timeout?: number): Promise<RegExpExecArray>;
  /** Sends the signal and resolves with the exit code ('hung' if it did not exit within 10 s, then SIGKILLs it). */
  stop(signal?: NodeJS.Signals): Promise<number | null | 'hung'>;
}

/** Starts the real `docsgen dev` (`bin/docsgen.mjs`) on a site, on any free port, and waits until it is ready. */
export async function startDevProcess(root: string, args: string[] = []): Promise<DevProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'dev', '--root', root, '--port', '0', ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const check of [...waiters]) check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeout = 10_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stderr);
        if (!match) return;
        done();
        resolve(match);
      };
      const timer = setTimeout(() => (done(), reject(new Error(`dev never printed ${pattern}; stderr:\n${stderr}`))), timeout);
      const onExit = (code: number | null) => (done(), reject(new Error(`dev exited with ${code} before printing ${pattern}; stderr:\n${stderr}`)));
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

  const ready = await waitFor(/ready in \d+ ms at (http:\/\/127\.0\.0\.1:\d+\/)/, 60_000);
  return {
    child,
    url: ready[1],
    stderr: () => stderr,
    waitFor,
    async stop(signal = 'SIGINT') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000))]);
      if (code === 'hung') child.kill('SIGKILL');
      return code;
    },
  };
}

/** A process's resident memory in bytes, from /proc (Linux only). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
