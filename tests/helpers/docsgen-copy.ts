import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

/** A private copy of docsgen (sources and compiled lib/), so its templates can be edited without touching this checkout. */
export function copyDocsgen(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsgen-copy-'));
  for (const part of ['bin', 'cli', 'templates', 'scripts', 'lib', 'package.json'])
    cpSync(path.join(repoRoot, part), path.join(dir, part), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** Runs that copy's CLI (which compiles itself first when its sources changed). */
export function runDocsgenCopy(docsgen: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(docsgen, 'bin/docsgen.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
