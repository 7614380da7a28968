import { staticDirsOf } from '../files/static-dirs.js';
import path from 'node:path';
import { readCheckedCopy, type ListedFile } from '../files/content-files.js';
import { cacheDirOf } from '../cache/cache-folder.js';
import { countBySeverity } from '../diagnostics.js';
import { DocsgenError, EXIT_CONTENT } from '../errors.js';
import { describeSamples, type ReportFormat } from '../report/format-check-report.js';
import type { SiteConfig } from '../config/schema.js';
import { resolveSiteRoot } from '../files/site-root.js';
import {
  buildSite,
  type BuildSiteOptions,
  type PageOutput,
  type Site,
  type StageWorkers,
} from '../pipeline/build-site.js';
import type { SampleCount } from '../samples/code-samples.js';
import { noticesFor } from '../report/notices.js';
import type { Diagnostic, Notice, Route, Timings } from '../types.js';
import { onInterrupt } from '../interrupt.js';
import { BodySpill } from '../markdown/body-spill.js';
import { showControlChars } from '../visible-text.js';
import { lockOutDir } from '../write/out-dir-lock.js';
import { recoverOutDir } from '../write/recover-out-dir.js';
import { assertSafeOutDir } from '../write/out-dir-guard.js';
import { openOutput, type StagedOutput } from '../write/write-site.js';
import { green, printDiagnostics, red } from './report.js';
import { runReported } from './run-reported.js';

export interface BuildOptions extends BuildSiteOptions {
  /** Output folder; defaults to `<root>/dist`. */
  outDir?: string;
}

export interface BuildResult {
  /** True when the site was written (no errors). */
  ok: boolean;
  outDir: string;
  /** The pages' routes; their compiled bodies (`content.html`, `content.markdown`) are let go once written (empty). */
  routes: Route[];
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  /** What a reviewer should know that is no problem: `markdown.trustContent` is on. */
  notices: Notice[];
  pages: number;
  timings: Timings;
  /** Worker threads that compiled pages, read the library (TypeDoc) and rendered pages: 0 for a stage that ran on the main thread (rendering a small site, one core, DOCSGEN_WORKERS=1) or had nothing to do. */
  workers: StageWorkers;
  /** The code samples type-checked and opted out, and whether TypeScript was started; unset when samples are not checked. */
  samples?: SampleCount;
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
  // Before anything is created under it (the lock, the out dir, the cache): a mistyped --root leaves nothing behind.
  const root = resolveSiteRoot(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  // Refused before building (and before the lock file is written next to it); openOutput checks again with the docs folder.
  assertSafeOutDir(outDir, { root, protectedDirs: protectedDirs(root) });
  const note = (line: string) => options.reporter?.note?.(line);
  const unlock = lockOutDir(outDir, note);
  const forget = onInterrupt(unlock);
  try {
    // Before anything else: a build killed with -9 may have left the out dir missing (its previous output in a temporary folder).
    for (const line of await recoverOutDir(outDir)) note(line);
    // The compiled pages' bodies wait for render and the write in a temporary file, not in memory.
    const bodies = BodySpill.open();
    try {
      return await buildAndWrite(options, root, outDir, start, bodies);
    } finally {
      bodies.close();
    }
  } finally {
    forget();
    unlock();
  }
}

async function buildAndWrite(
  options: BuildOptions,
  root: string,
  outDir: string,
  start: number,
  bodies: BodySpill,
): Promise<BuildResult> {
  // Pages stream into a temporary folder as they are rendered, so memory stays flat however large the site.
  let output: StagedOutput | undefined;
  const open = async (config: SiteConfig, publicFiles: ListedFile[]): Promise<PageOutput> => {
    // Files the previous build wrote unchanged are linked from it, unless --no-cache.
    const reuse = { cacheDir: cacheDirOf(root), reuse: !options.noCache };
    output = await openOutput(
      outDir,
      {
        root,
        protectedDirs: [...protectedDirs(root), path.resolve(root, config.docs.path), ...staticDirsOf(config, root)],
      },
      publicFiles,
      reuse,
    );
    return { write: (page) => output!.write(page.outPath, page.html, page.key) };
  };
  let site: Site;
  try {
    site = await buildSite({
      ...{ ...options, root, outDir, openOutput: open, pruneCache: true, drawSocialImages: true },
      keepBody: (content) => bodies.keep(content),
    });
  } catch (error) {
    await output?.discard();
    throw error;
  }
  const { errors, warnings } = countBySeverity(site.diagnostics);
  if (!output) {
    // A site whose output files clash fails before its output is opened: nothing was written.
    if (errors === 0) throw new Error('the build finished without opening its output');
  } else if (errors > 0) await output.discard();
  else {
    const write = performance.now();
    options.reporter?.stageStart?.('write');
    // The links are checked, and each file is let go once written: a large site's refs, search index and
    // llms-full.txt are not all held through the write.
    site.links = [];
    try {
      for (const [out, contents] of site.files) {
        await output.write(out, contents);
        site.files.delete(out);
      }
      for (const [out, file] of site.lazyFiles) {
        await output.write(out, () => file.contents(), file.key);
        site.lazyFiles.delete(out);
      }
      for (const [from, out] of site.copies) await output.copy(from, out);
      // The bytes checked, read and checked again as they are written (an SVG as rebuilt), keyed by their hash.
      for (const copy of site.contentCopies)
        await output.write(copy.out, () => readCheckedCopy(copy, site.contentFolders), copy.hash);
    } catch (error) {
      await output.discard();
      throw error;
    }
    await output.commit();
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
    notices: noticesFor(site.config),
    pages: site.routes.length,
    timings: site.timings,
    workers: site.workers,
    ...(site.samples ? { samples: site.samples } : {}),
    duration: Math.round(performance.now() - start),
  };
}

/** Source folders an out dir may never be, hold or sit in (besides the docs and static folders named in the config). */
function protectedDirs(root: string): string[] {
  return ['content', 'public', 'templates', 'node_modules'].map((dir) => path.join(root, dir));
}

/**
 * `docsgen build` on the command line: stage lines on stderr, then in the
 * text format every problem and a summary line on stderr too; the json and
 * github formats print their report on stdout. Returns 0, 1 or 2.
 */
export async function runBuild(options: BuildOptions & { format: ReportFormat; verbose?: boolean }): Promise<number> {
  return runReported(
    { command: 'build', format: options.format, verbose: options.verbose },
    async (reporter) => {
      const result = await build({ ...options, reporter });
      return {
        exitCode: exitCodeOf(result),
        diagnostics: result.diagnostics,
        notices: result.notices,
        pages: result.pages,
        samples: result.samples,
        ...(result.ok ? { outDir: result.outDir } : {}),
      };
    },
    (outcome, duration) => {
      printDiagnostics(outcome.diagnostics, process.stderr, options.verbose ? Infinity : undefined);
      const ok = outcome.exitCode === 0;
      const { errors, warnings } = countBySeverity(outcome.diagnostics);
      const what = ok
        ? `${outcome.pages} pages written to ${showControlChars(outcome.outDir ?? '')}`
        : 'build failed; the previous output was left untouched';
      const samples = outcome.samples ? `, ${describeSamples(outcome.samples)}` : '';
      process.stderr.write(
        `${ok ? green('✔') : red('✘')} ${what}, ${errors} errors, ${warnings} warnings${samples}, ${(duration / 1000).toFixed(2)} s\n`,
      );
    },
  );
}

/** Exit code for a finished build: 0, or 1 when content errors stopped it. */
export function exitCodeOf(result: BuildResult): number {
  return result.ok ? 0 : EXIT_CONTENT;
}

export { DocsgenError };
