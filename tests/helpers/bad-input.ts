import { cpSync, lstatSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { copySite, runCli, runCliAsync, tempDir } from './run-cli.js';

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

/** The minimal fixture site, built once so it has a `dist/` (and a warm cache) to copy. */
export function buildBaseSite(): string {
  const root = copySite('minimal');
  const { code, stderr } = runCli(['build', '--root', root]);
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
}

/**
 * Copies the base site, applies the bad input, runs `docsgen build` and checks
 * what every catalogue case promises: the exit code, the pinned lines, no stack
 * trace, no source file changed, no temporary folder or lock left, and, when
 * the build fails, the previous dist/ byte for byte.
 */
export async function expectBuildOutcome(base: string, c: BadInputCase): Promise<void> {
  const root = cloneSite(base);
  const args = c.apply(root) ?? [];
  const sources = snapshotSources(root);
  const dist = snapshotTree(path.join(root, 'dist'));
  let run: Awaited<ReturnType<typeof runCliAsync>>;
  try {
    run = await runCliAsync(['build', '--root', root, ...args]);
  } finally {
    c.restore?.();
  }
  const { code, stderr } = run;
  expect(stderr).not.toMatch(/\n\s+at /);
  for (const line of typeof c.lines === 'function' ? c.lines(root) : c.lines) expect(stderr).toContain(line);
  for (const text of c.absent ?? []) expect(stderr).not.toContain(text);
  expect(code, stderr).toBe(c.code);
  expect(snapshotSources(root)).toEqual(sources);
  expect(leftovers(root)).toEqual([]);
  if (c.code !== 0) expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
  c.check?.(root);
}
