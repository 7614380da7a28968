import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../context.js';
import { measureDocsgen, measureProcess, summarize, type ProcessMeasurement } from '../measure.js';
import { generateSyntheticSite, type SyntheticSite } from './generate.js';

/**
 * A synthetic site shared by every scenario of one benchmark run that measures it: generated once, with Hugo's
 * cold builds of its twin kept, so each scenario's ratio to Hugo uses the same corpus and the same Hugo runs.
 */
export interface SyntheticCorpus {
  /** Folder name under the scratch folder, e.g. `synthetic-1k`. */
  name: string;
  site: SyntheticSite;
  /** Hugo's successful cold builds of the twin in this run (none when Hugo is not installed). */
  hugoRuns: ProcessMeasurement[];
}

/** Which corpus: the folder name under the scratch folder and its number of pages. */
export interface CorpusSpec {
  name: string;
  pages: number;
  /** `false` writes `socialImages: false` into the site's config (default: the config's default, on). */
  socialImages?: false;
}

/** The corpora the benchmark measures. */
export const CORPUS_1K: CorpusSpec = { name: 'synthetic-1k', pages: 1_000 };
export const CORPUS_10K: CorpusSpec = { name: 'synthetic-10k', pages: 10_000 };
/** The 1k pages with `socialImages: false`: what the other features cost without the social images. */
export const CORPUS_1K_NOIMG: CorpusSpec = { name: 'synthetic-1k-noimg', pages: 1_000, socialImages: false };

const corpora = new WeakMap<BenchContext, Map<string, SyntheticCorpus>>();

/** True when a `hugo` binary answers `hugo version`. */
export function hugoAvailable(): boolean {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0;
}

/** This run's corpus of `spec.pages` pages (with a Hugo twin when Hugo is installed), generated on first use. */
export function syntheticCorpus(context: BenchContext, { name, pages, socialImages }: CorpusSpec): SyntheticCorpus {
  let byName = corpora.get(context);
  if (!byName) corpora.set(context, (byName = new Map()));
  let corpus = byName.get(name);
  if (!corpus) {
    const hugo = hugoAvailable();
    context.log(`${name}: generating ${pages} pages${hugo ? ' (and the Hugo twin)' : ''}`);
    const site = generateSyntheticSite({ dir: path.join(context.tmpDir, name), pages, hugo, socialImages });
    byName.set(name, (corpus = { name, site, hugoRuns: [] }));
  }
  return corpus;
}

/** How long a docsgen command on a synthetic site may take before it is killed: grows with the site. */
export function timeoutFor(site: SyntheticSite): number {
  return Math.max(10 * 60_000, site.pages.length * 180);
}

/** Runs `docsgen <args> --root <site>` on a corpus (builds go to `<root>/dist`). */
export function runOnCorpus(
  context: BenchContext,
  corpus: SyntheticCorpus,
  args: string[],
): Promise<ProcessMeasurement> {
  const { root } = corpus.site;
  return measureDocsgen(context.docsgenRoot, [...args, '--root', root], {
    cwd: root,
    timeoutMs: timeoutFor(corpus.site),
  });
}

/** A cold build of the corpus's Hugo twin into `<hugoRoot>/public`; kept in `corpus.hugoRuns` when it succeeds. */
export async function buildHugo(corpus: SyntheticCorpus): Promise<ProcessMeasurement> {
  const hugoRoot = corpus.site.hugoRoot!;
  const out = path.join(hugoRoot, 'public');
  rmSync(out, { recursive: true, force: true });
  const run = await measureProcess('hugo', ['--source', hugoRoot, '--destination', out, '--quiet'], { cwd: hugoRoot });
  if (run.exitCode === 0) corpus.hugoRuns.push(run);
  return run;
}

/** Hugo's cold wall seconds (median) on the corpus in this run, or null, with why when null. */
export interface HugoBaseline {
  wallS: number | null;
  runs: number;
  note?: string;
}

/**
 * Hugo's cold build of the corpus, median of at least `runs` builds in this run: those already made (by the cold
 * scenario, which alternates with docsgen) count, and the rest are made now. With `measure: false`, only those.
 */
export async function hugoBaseline(
  context: BenchContext,
  corpus: SyntheticCorpus,
  runs: number,
  measure = true,
): Promise<HugoBaseline> {
  if (!corpus.site.hugoRoot) return { wallS: null, runs: 0, note: 'hugo not installed: no ratio to Hugo' };
  while (measure && corpus.hugoRuns.length < runs) {
    context.log(`${corpus.name}: hugo cold run ${corpus.hugoRuns.length + 1}/${runs}`);
    const run = await buildHugo(corpus);
    if (run.exitCode !== 0)
      return { wallS: null, runs: corpus.hugoRuns.length, note: `hugo failed on ${corpus.name}: exit ${run.exitCode}` };
  }
  if (corpus.hugoRuns.length === 0)
    return { wallS: null, runs: 0, note: `no Hugo build of ${corpus.name} in this run: no ratio to Hugo` };
  return { wallS: summarize(corpus.hugoRuns).wallS, runs: corpus.hugoRuns.length };
}
