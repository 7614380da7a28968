import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

/**
 * A private copy of docsgen (sources and compiled lib/), so its templates can be edited without touching this
 * checkout. `without`: packages its node_modules lacks, as in a site that did not install those optional packages.
 */
export function copyDocsgen(options: { without?: string[] } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsgen-copy-'));
  for (const part of ['bin', 'cli', 'templates', 'scripts', 'lib', 'package.json'])
    cpSync(path.join(repoRoot, part), path.join(dir, part), { recursive: true, preserveTimestamps: true });
  if (options.without?.length) linkPackagesWithout(path.join(dir, 'node_modules'), options.without);
  else symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/**
 * Makes `target` a node_modules folder that links every package of this checkout's node_modules but those named
 * (`mermaid`, `@resvg/resvg-js`): nothing is deleted from the real one, and the linked packages find their own
 * dependencies from where they really are, as Node resolves a symlinked package by its real path.
 */
export function linkPackagesWithout(target: string, without: string[]): void {
  const source = path.join(repoRoot, 'node_modules');
  const link = (name: string) => symlinkSync(path.join(source, name), path.join(target, name));
  mkdirSync(target);
  for (const entry of readdirSync(source)) {
    if (without.includes(entry)) continue;
    if (!entry.startsWith('@')) {
      link(entry);
      continue;
    }
    mkdirSync(path.join(target, entry));
    for (const scoped of readdirSync(path.join(source, entry)))
      if (!without.includes(`${entry}/${scoped}`)) link(`${entry}/${scoped}`);
  }
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
