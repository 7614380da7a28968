import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM } from '../../tests/helpers/browser.js';
import { commandAvailable, failureNote, round, type BenchContext, type ScenarioResult } from '../context.js';
import { measureEditLatency } from '../dev/edit-latency.js';
import { startDevServer, type DevServer } from '../dev/dev-server.js';
import { measureDocsgen, median } from '../measure.js';

const PAGE = '/docs/guides/formats';
const GUIDE = 'content/docs/guides/formats.mdx';

/** A copy of this repository's site (config, content, public) that the dev scenario may edit freely. */
function copySite(context: BenchContext): string {
  const root = path.join(context.tmpDir, 'dev-site');
  rmSync(root, { recursive: true, force: true });
  for (const entry of ['build.config.ts', 'content', 'public']) {
    if (existsSync(path.join(context.repoRoot, entry))) cpSync(path.join(context.repoRoot, entry), path.join(root, entry), { recursive: true });
  }
  return root;
}

/**
 * dev: seconds from starting `docsgen dev` (warm caches) to the first guide page served, median of `runs`; then the
 * median milliseconds of `edits` guide edits from the file write to the new text in an open chromium page.
 */
export async function measureDev(context: BenchContext): Promise<ScenarioResult> {
  const name = 'dev';
  if (!commandAvailable(context.docsgenRoot, 'dev')) return { name, status: 'not available', note: '`docsgen dev` does not exist yet', figures: {} };
  const root = copySite(context);
  context.log('dev: filling the caches with one build of a copy of the site');
  const warmUp = await measureDocsgen(context.docsgenRoot, ['build', '--root', root], { cwd: root });
  if (warmUp.exitCode !== 0) return { name, status: 'failed', note: failureNote(warmUp), figures: {} };

  const runs = context.runs(3);
  const readyMs: number[] = [];
  let server: DevServer | undefined;
  try {
    for (let i = 0; i < runs; i++) {
      context.log(`dev: start ${i + 1}/${runs}`);
      await server?.stop();
      server = await startDevServer(context.docsgenRoot, root, PAGE);
      readyMs.push(server.readyMs);
    }
    let edits: Array<number | null> = [];
    let note: string | undefined;
    if (existsSync(CHROMIUM)) {
      context.log(`dev: timing ${context.edits} edits of ${GUIDE} in chromium`);
      edits = await measureEditLatency(server!.origin + PAGE, path.join(root, GUIDE), context.edits);
      const missed = edits.filter((ms) => ms === null).length;
      if (missed) note = `${missed} of ${edits.length} edits never reached the DOM within 10 s`;
    } else note = `no chromium at ${CHROMIUM}: edit latency not measured`;
    // An edit that never arrived counts as infinitely slow, so misses raise the median instead of vanishing.
    const editMedian = median(edits.map((ms) => ms ?? Number.POSITIVE_INFINITY));
    return {
      name,
      status: 'ok',
      note,
      figures: { readyS: round((median(readyMs) ?? 0) / 1000), editMs: editMedian !== null && Number.isFinite(editMedian) ? round(editMedian, 1) : null },
      runs: [...readyMs.map((ms) => ({ readyS: round(ms / 1000) })), ...edits.map((ms) => ({ editMs: round(ms, 1) }))],
    };
  } catch (error) {
    return { name, status: 'failed', note: error instanceof Error ? error.message : String(error), figures: {} };
  } finally {
    await server?.stop();
  }
}
