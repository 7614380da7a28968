import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { failureNote, reportedSeconds, round, runFigures, stageTimings, type BenchContext, type ScenarioResult } from '../context.js';
import { measureDocsgen, measureProcess, median, summarize, type ProcessMeasurement } from '../measure.js';
import { SYNTHETIC_FOLDER } from '../synthetic/copy-page.js';
import { generateSyntheticSite, type SyntheticSite } from '../synthetic/generate.js';

/** True when a `hugo` binary answers `hugo version`. */
export function hugoAvailable(): boolean {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0;
}

/** A cold `docsgen build --no-cache` of a synthetic site into `<root>/dist`. */
export function buildSynthetic(docsgenRoot: string, site: SyntheticSite): Promise<ProcessMeasurement> {
  const timeoutMs = Math.max(10 * 60_000, site.pages.length * 180);
  return measureDocsgen(docsgenRoot, ['build', '--root', site.root, '--no-cache'], { cwd: site.root, timeoutMs });
}

/** The built synthetic doc pages (`dist/docs/synthetic/<id>/index.html`) and their total HTML size in bytes. */
export function builtDocPages(root: string): { count: number; bytes: number } {
  const dir = path.join(root, 'dist/docs', SYNTHETIC_FOLDER);
  if (!existsSync(dir)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry, 'index.html');
    if (!existsSync(file)) continue;
    count++;
    bytes += statSync(file).size;
  }
  return { count, bytes };
}

async function buildHugo(site: SyntheticSite): Promise<ProcessMeasurement> {
  const out = path.join(site.hugoRoot!, 'public');
  rmSync(out, { recursive: true, force: true });
  return measureProcess('hugo', ['--source', site.hugoRoot!, '--destination', out, '--quiet'], { cwd: site.hugoRoot! });
}

/**
 * synthetic-<n>: a site of `pages` copies of the guides, built cold by docsgen and, when `hugo` is installed,
 * by Hugo in the same run (alternating), median of `runs` each.
 */
export async function measureSynthetic(context: BenchContext, name: string, pages: number, defaultRuns: number): Promise<ScenarioResult> {
  const withHugo = hugoAvailable();
  context.log(`${name}: generating ${pages} pages${withHugo ? ' (and the Hugo twin)' : ''}`);
  const site = generateSyntheticSite({ dir: path.join(context.tmpDir, name), pages, hugo: withHugo });
  const runs = context.runs(defaultRuns);
  const docsgenRuns: ProcessMeasurement[] = [];
  const hugoRuns: ProcessMeasurement[] = [];
  for (let i = 0; i < runs; i++) {
    context.log(`${name}: docsgen run ${i + 1}/${runs}`);
    const run = await buildSynthetic(context.docsgenRoot, site);
    if (run.exitCode !== 0) {
      // Keep what the failed run cost (e.g. how long and how much memory before running out of heap).
      const figures = { pages, wallS: round(run.wallS), cpuS: round(run.cpuS), peakRssMiB: round(run.peakRssMiB, 1) };
      return { name, status: 'failed', note: failureNote(run), figures, details: { stages: stageTimings(run) } };
    }
    docsgenRuns.push(run);
    if (withHugo) {
      context.log(`${name}: hugo run ${i + 1}/${runs}`);
      const hugo = await buildHugo(site);
      if (hugo.exitCode === 0) hugoRuns.push(hugo);
      else context.log(`${name}: hugo failed: ${failureNote(hugo)}`);
    }
  }
  const built = builtDocPages(site.root);
  if (built.count !== pages) return { name, status: 'failed', note: `built ${built.count} of ${pages} doc pages`, figures: { pages } };

  const docsgen = summarize(docsgenRuns);
  const hugo = summarize(hugoRuns);
  const ratio = docsgen.wallS !== null && hugo.wallS ? docsgen.wallS / hugo.wallS : null;
  const cpuRatio = docsgen.cpuS !== null && hugo.cpuS ? docsgen.cpuS / hugo.cpuS : null;
  return {
    name,
    status: 'ok',
    note: withHugo ? undefined : 'hugo not installed: no peer ratio',
    figures: {
      pages,
      wallS: round(docsgen.wallS),
      cpuS: round(docsgen.cpuS),
      peakRssMiB: round(docsgen.peakRssMiB, 1),
      pagesPerS: docsgen.wallS ? round(pages / docsgen.wallS, 1) : null,
      reportedS: round(median(docsgenRuns.map(reportedSeconds).filter((v): v is number => v !== null))),
      htmlKiBPerPage: round(built.bytes / 1024 / pages, 1),
      hugoWallS: round(hugo.wallS),
      hugoCpuS: round(hugo.cpuS),
      hugoPeakRssMiB: round(hugo.peakRssMiB, 1),
      docsgenPerHugo: round(ratio, 2),
      docsgenPerHugoCpu: round(cpuRatio, 2),
    },
    details: { stages: stageTimings(docsgenRuns[docsgenRuns.length - 1]) },
    runs: [...docsgenRuns.map((run) => ({ tool: 'docsgen', ...runFigures(run) })), ...hugoRuns.map((run) => ({ tool: 'hugo', ...runFigures(run) }))],
  };
}
