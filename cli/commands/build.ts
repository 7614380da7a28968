import path from 'node:path';
import { countBySeverity } from '../diagnostics.js';
import { DocsgenError, EXIT_CONTENT } from '../errors.js';
import { buildSite, type BuildSiteOptions } from '../pipeline/build-site.js';
import type { Timings } from '../pipeline/stage-timer.js';
import type { Diagnostic, Route } from '../types.js';
import { onInterrupt } from '../interrupt.js';
import { lockOutDir } from '../write/out-dir-lock.js';
import { assertSafeOutDir, writeSite } from '../write/write-site.js';

export interface BuildOptions extends BuildSiteOptions {
  /** Output folder; defaults to `<root>/dist`. */
  outDir?: string;
}

export interface BuildResult {
  /** True when the site was written (no errors). */
  ok: boolean;
  outDir: string;
  routes: Route[];
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  pages: number;
  timings: Timings;
  /** Whole build in milliseconds. */
  duration: number;
}

/**
 * Builds the site and writes it to the out dir, atomically. Content errors
 * resolve with `ok: false` and leave the previous output untouched; config
 * and environment problems reject with a DocsgenError. Never exits the
 * process, except on Ctrl+C/SIGTERM, after removing its lock and temporary files.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const start = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  // Refused before building (and before the lock file is written next to it); writeSite checks again with the docs folder.
  assertSafeOutDir(outDir, { root, protectedDirs: protectedDirs(root) });
  const unlock = lockOutDir(outDir);
  const forget = onInterrupt(unlock);
  try {
    return await buildAndWrite(options, root, outDir, start);
  } finally {
    forget();
    unlock();
  }
}

async function buildAndWrite(options: BuildOptions, root: string, outDir: string, start: number): Promise<BuildResult> {
  const site = await buildSite({ ...options, root });
  const { errors, warnings } = countBySeverity(site.diagnostics);
  if (errors === 0) {
    const write = performance.now();
    options.reporter?.stageStart?.('write');
    const files = new Map<string, string | Uint8Array>(site.files);
    for (const page of site.pages) files.set(page.outPath, page.html);
    await writeSite(outDir, { files, copies: site.copies, publicDir: site.publicDir }, {
      root,
      protectedDirs: [...protectedDirs(root), path.resolve(root, site.config.docs.path), site.publicDir],
    });
    site.timings.write = Math.round(performance.now() - write);
    options.reporter?.stageEnd?.('write', site.timings.write);
  }
  return {
    ok: errors === 0,
    outDir,
    routes: site.routes,
    diagnostics: site.diagnostics,
    errors,
    warnings,
    pages: site.pages.length,
    timings: site.timings,
    duration: Math.round(performance.now() - start),
  };
}

/** Source folders an out dir may never be, hold or sit in (besides the docs folder named in the config). */
function protectedDirs(root: string): string[] {
  return ['content', 'public', 'templates', 'node_modules'].map((dir) => path.join(root, dir));
}

/** Exit code for a finished build: 0, or 1 when content errors stopped it. */
export function exitCodeOf(result: BuildResult): number {
  return result.ok ? 0 : EXIT_CONTENT;
}

export { DocsgenError };
