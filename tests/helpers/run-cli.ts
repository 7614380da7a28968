import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the real CLI (`bin/docsgen.mjs`, compiled by `pretest`) and captures its output. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    // A bound for a hang (the run is killed): a busy machine can stretch a cold build of this repository past two minutes.
    timeout: 300_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What a CLI run ended with and printed. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Like runCli, without blocking: for builds that run side by side. */
export function runCliAsync(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Copies a fixture site from tests/sites into a fresh temp folder and returns its path. */
export function copySite(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `docsgen-${name}-`));
  cpSync(path.join(repoRoot, 'tests/sites', name), dir, { recursive: true });
  return dir;
}

/** A fresh empty temp folder. */
export function tempDir(prefix = 'docsgen-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}
