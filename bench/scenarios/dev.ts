import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM } from '../../tests/helpers/browser.js';
import { commandAvailable, failureNote, round, type BenchContext, type ScenarioResult } from '../context.js';
import { measureEditLatency } from '../dev/edit-latency.js';
import { startDevServer, type DevServer } from '../dev/dev-server.js';
import { middlePage, sourceFile } from '../incremental/site-edits.js';
import { measureDocsgen, median, type ProcessMeasurement } from '../measure.js';
import { SYNTHETIC_FOLDER } from '../synthetic/copy-page.js';
import { runOnCorpus, syntheticCorpus, timeoutFor, type CorpusSpec } from '../synthetic/corpus.js';

const PAGE = '/docs/guides/formats';
const GUIDE = 'content/docs/guides/formats.mdx';

/** A copy of this repository's site (config, content, public) that the dev scenario may edit freely. */
function copySite(context: BenchContext): string {
  const root = path.join(context.tmpDir, 'dev-site');
  rmSync(root, { recursive: true, force: true });
  for (const entry of ['build.config.ts', 'content', 'public']) {
    if (existsSync(path.join(context.repoRoot, entry)))
      cpSync(path.join(context.repoRoot, entry), path.join(root, entry), { recursive: true });
  }
  return root;
}

/** The site a dev scenario serves, the page it opens and the source file of that page it edits. */
interface DevSite {
  root: string;
  page: string;
  file: string;
  /** The build that fills the caches before the server starts. */
  warmUp(): Promise<ProcessMeasurement>;
  /** How long the server may take to serve the page before it counts as failed. */
  startTimeoutMs: number;
  /** Server starts timed unless `--runs` says otherwise. */
  defaultStarts: number;
}

/**
 * Seconds from starting `docsgen dev` (warm caches) to the page served, median of `runs`; then the median
 * milliseconds of `edits` edits of the page's source, from the file write to the new text in an open chromium page.
 */
async function timeDevServer(context: BenchContext, name: string, site: DevSite): Promise<ScenarioResult> {
  if (!commandAvailable(context.docsgenRoot, 'dev'))
    return { name, status: 'not available', note: '`docsgen dev` does not exist yet', figures: {} };
  context.log(`${name}: filling the caches with one build`);
  const warmUp = await site.warmUp();
  if (warmUp.exitCode !== 0) return { name, status: 'failed', note: failureNote(warmUp), figures: {} };

  const runs = context.runs(site.defaultStarts);
  const readyMs: number[] = [];
  let server: DevServer | undefined;
  try {
    for (let i = 0; i < runs; i++) {
      context.log(`${name}: start ${i + 1}/${runs}`);
      await server?.stop();
      server = await startDevServer(context.docsgenRoot, site.root, site.page, site.startTimeoutMs);
      readyMs.push(server.readyMs);
    }
    let edits: Array<number | null> = [];
    let note: string | undefined;
    if (existsSync(CHROMIUM)) {
      context.log(`${name}: timing ${context.edits} edits of ${path.relative(site.root, site.file)} in chromium`);
      edits = await measureEditLatency(server!.origin + site.page, site.file, context.edits);
      const missed = edits.filter((ms) => ms === null).length;
      if (missed) note = `${missed} of ${edits.length} edits never reached the DOM within 10 s`;
    } else note = `no chromium at ${CHROMIUM}: edit latency not measured`;
    // An edit that never arrived counts as infinitely slow, so misses raise the median instead of vanishing.
    const editMedian = median(edits.map((ms) => ms ?? Number.POSITIVE_INFINITY));
    return {
      name,
      status: 'ok',
      note,
      figures: {
        readyS: round((median(readyMs) ?? 0) / 1000),
        editMs: editMedian !== null && Number.isFinite(editMedian) ? round(editMedian, 1) : null,
      },
      runs: [...readyMs.map((ms) => ({ readyS: round(ms / 1000) })), ...edits.map((ms) => ({ editMs: round(ms, 1) }))],
    };
  } catch (error) {
    return { name, status: 'failed', note: error instanceof Error ? error.message : String(error), figures: {} };
  } finally {
    await server?.stop();
  }
}

/** dev: `docsgen dev` on a copy of this repository's site (`bench/tmp/dev-site`), editing a guide. */
export function measureDev(context: BenchContext): Promise<ScenarioResult> {
  const root = copySite(context);
  const warmUp = () => measureDocsgen(context.docsgenRoot, ['build', '--root', root], { cwd: root });
  return timeDevServer(context, 'dev', {
    root,
    page: PAGE,
    file: path.join(root, GUIDE),
    warmUp,
    startTimeoutMs: 60_000,
    defaultStarts: 3,
  });
}

/** dev-<n>: `docsgen dev` on this run's synthetic corpus (one start by default), opening and editing its middle page. */
export function measureSyntheticDev(context: BenchContext, name: string, spec: CorpusSpec): Promise<ScenarioResult> {
  const corpus = syntheticCorpus(context, spec);
  const { site } = corpus;
  const page = middlePage(site);
  return timeDevServer(context, name, {
    root: site.root,
    page: `/docs/${SYNTHETIC_FOLDER}/${page.id}`,
    file: sourceFile(site, page.id),
    warmUp: () => runOnCorpus(context, corpus, ['build']),
    startTimeoutMs: timeoutFor(site),
    defaultStarts: 1,
  });
}
