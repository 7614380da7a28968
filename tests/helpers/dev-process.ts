import { readFileSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from './cli-process.js';

export type DevProcess = ServerProcess;

/**
 * Starts the real `docsgen dev` (`bin/docsgen.mjs`) on a site, on any free port, and waits until it is ready.
 * `docsgen`: another copy of docsgen to run (tests/helpers/docsgen-copy.ts), this checkout by default.
 */
export function startDevProcess(root: string, args: string[] = [], docsgen?: string): Promise<DevProcess> {
  return startServerProcess(
    ['dev', '--root', root, '--port', '0', ...args],
    /ready in \d+ ms at (http:\/\/127\.0\.0\.1:\d+\/)/,
    { docsgen },
  );
}

/** A process's resident memory in bytes, from /proc (Linux only). */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
