import { cpSync, lstatSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { runCliInProcess } from './in-process-cli.js';
import { copySite, runCliAsync, tempDir, type CliResult } from './run-cli.js';

/** Every file under a folder, by relative path: its bytes in base64, or `-> target` for a symlink (never followed). */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      const stats = lstatSync(full);
      if (stats.isSymbolicLink()) out[path.relative(dir, full)] = `-> ${readlinkSync(full)}`;
      else if (stats.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full).toString('base64');
    }
  };
  walk(dir);
  return out;
}

/** The site's own files: what no build may ever change. */
export function snapshotSources(root: string): Record<string, string> {
  return {
    ...snapshotTree(path.join(root, 'content')),
    ...snapshotTree(path.join(root, 'public')),
    'build.config.ts': readFileSync(path.join(root, 'build.config.ts')).toString('base64'),
  };
}

/** Temporary folders docsgen writes next to the out dir, and its lock file. */
export function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.includes('.docsgen-tmp-') || name.endsWith('.docsgen-lock'));
}

/**
 * The minimal fixture site, built once so it has a `dist/` (and a warm cache) to copy. Built in the test process:
 * its cache keys are the compiled lib/'s (lib/build-id.txt), so a case run in a process of its own finds it warm too.
 */
export async function buildBaseSite(): Promise<string> {
  const root = copySite('minimal');
  const { code, stderr } = await runCliInProcess(['build', '--root', root]);
  if (code !== 0) throw new Error(`the base site did not build:\n${stderr}`);
  return root;
}

/** A copy of the built base site, symlinks copied as they are. */
export function cloneSite(base: string): string {
  const root = tempDir('docsgen-bad-input-');
  cpSync(base, root, { recursive: true, verbatimSymlinks: true });
  return root;
}

export interface BadInputCase {
  name: string;
  /** Makes the site bad; returns extra CLI arguments, if any. */
  apply: (root: string) => string[] | void;
  /** 0 when the input must build (maybe with a warning), 1 for content, 2 for usage/config/environment. */
  code: 0 | 1 | 2;
  /** Full lines stderr must contain, each diagnostic with its place (given the site root, for messages naming it). */
  lines: string[] | ((root: string) => string[]);
  /** Text stderr must not contain (errors that only follow from the first one). */
  absent?: string[];
  /** Further checks on the site after the run (the new output of a build that succeeded, say). */
  check?: (root: string) => void;
  /** Undoes what `apply` did outside the site's files (permissions), pass or fail. */
  restore?: () => void;
  /** Extra environment for the run (a short time limit, say): the case runs the CLI in a process of its own. */
  env?: Record<string, string>;
  /**
   * Run the CLI in a process of its own (as does a case with `env`), for a case about what only a process has:
   * worker threads and their deadlines, signals, the compiled lib/. Other cases run it in the test process
   * (in-process-cli.ts), at a tenth of the cost.
   */
  process?: boolean;
}

/** `docsgen <args>` for a case: in a process of its own when the case needs one, else in this one. */
export function runCaseCli(c: BadInputCase, args: string[]): Promise<CliResult> {
  return c.process || c.env ? runCliAsync(args, { env: c.env }) : runCliInProcess(args);
}

/** A copy of the base site with a case applied, and the snapshots of what the run must not change. */
export interface AppliedCase {
  root: string;
  /** Extra CLI arguments the case asked for. */
  args: string[];
  sources: Record<string, string>;
  dist: Record<string, string>;
}

/** Copies the base site, applies the case and snapshots its sources and dist/. */
export function applyCase(base: string, c: BadInputCase): AppliedCase {
  const root = cloneSite(base);
  const args = c.apply(root) ?? [];
  return { root, args, sources: snapshotSources(root), dist: snapshotTree(path.join(root, 'dist')) };
}

/** Runs the CLI for a case, then undoes what `apply` did outside the site's files (permissions), pass or fail. */
export async function runCase<T>(c: BadInputCase, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    c.restore?.();
  }
}

/** What every run promises: no source file changed, no temporary folder or lock left, and, when asked, dist/ as it was. */
export function expectNothingLost(applied: AppliedCase, options: { dist: boolean }): void {
  expect(snapshotSources(applied.root)).toEqual(applied.sources);
  expect(leftovers(applied.root)).toEqual([]);
  if (options.dist) expect(snapshotTree(path.join(applied.root, 'dist'))).toEqual(applied.dist);
}

/** The case's pinned lines are in the output, its absent texts are not, and no stack trace is printed. */
export function expectPinnedLines(output: string, c: BadInputCase, root: string): void {
  expect(output).not.toMatch(/\n\s+at /);
  for (const line of typeof c.lines === 'function' ? c.lines(root) : c.lines) expect(output).toContain(line);
  for (const text of c.absent ?? []) expect(output).not.toContain(text);
}

/**
 * Copies the base site, applies the bad input, runs `docsgen build` and checks
 * what every catalogue case promises: the exit code, the pinned lines, no stack
 * trace, no source file changed, no temporary folder or lock left, and, when
 * the build fails, the previous dist/ byte for byte.
 */
export async function expectBuildOutcome(base: string, c: BadInputCase): Promise<void> {
  const applied = applyCase(base, c);
  const { code, stderr } = await runCase(c, () => runCaseCli(c, ['build', '--root', applied.root, ...applied.args]));
  expectPinnedLines(stderr, c, applied.root);
  expect(code, stderr).toBe(c.code);
  expectNothingLost(applied, { dist: c.code !== 0 });
  c.check?.(applied.root);
}
