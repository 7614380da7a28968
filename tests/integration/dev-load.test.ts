import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { residentBytes, startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get, type HttpResponse } from '../helpers/http.js';
import { runLoad } from '../helpers/load.js';
import { copySite } from '../helpers/run-cli.js';

const MARKERS = ['load-marker-alpha', 'load-marker-bravo'] as const;
const GUIDE = '/docs/guides/second';
const PATHS = [GUIDE, '/docs/guides', '/img/dot.svg'];
const MiB = 1024 * 1024;

/** One complete, valid version of the guide: same title and headings, its own marker, about 20 KB of text. */
function guideVersion(marker: string): string {
  const paragraphs = Array.from({ length: 60 }, (_, i) =>
    `Paragraph ${i} of the guide, with a [link](/docs/guides) and \`code\` to render. `.repeat(4),
  );
  return `# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nThis version is ${marker}.\n\n${paragraphs.join('\n\n')}\n`;
}

/** Rewrites the file in place (truncate, then write, as an editor saves) every `everyMs`, alternating versions, until stopped. */
function startRewriting(file: string, versions: string[], everyMs: number) {
  let writes = 0;
  const timer = setInterval(() => writeFileSync(file, versions[++writes % versions.length]!), everyMs);
  return {
    /** Stops and returns how many writes were made and which version the file holds now. */
    stop: () => (clearInterval(timer), { writes, last: writes % versions.length }),
  };
}

/** Samples the process's RSS every 100 ms until stopped; returns the largest seen. */
function samplePeakRss(pid: number) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 100);
  return { stop: () => (clearInterval(timer), peak) };
}

/** Polls the RSS until it is at most `bound` (or `timeoutMs` passed); returns the last reading. */
async function settledRss(pid: number, bound: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let rss = residentBytes(pid);
  while (rss > bound && Date.now() < deadline) {
    await sleep(250);
    rss = residentBytes(pid);
  }
  return rss;
}

/** What is wrong with a response, if anything: a whole body, whole pages, and for the guide exactly one version of it. */
function responseProblem(requested: string, response: HttpResponse): string | undefined {
  const { status, headers, body, bytes } = response;
  if (status !== 200) return undefined;
  if (headers['content-length'] !== undefined && Number(headers['content-length']) !== bytes)
    return `content-length ${headers['content-length']} but ${bytes} bytes`;
  if (headers['content-type']?.startsWith('text/html') && !body.trimEnd().endsWith('</html>'))
    return `does not end with </html>: …${body.slice(-80)}`;
  if (requested !== GUIDE) return undefined;
  const shown = MARKERS.filter((m) => body.includes(m));
  if (shown.length !== 1) return `shows ${shown.length} versions (${shown.join(', ') || 'none'})`;
  if (!body.includes('Paragraph 59 of the guide')) return 'the guide text is cut short';
  return undefined;
}

describe('docsgen dev under load', () => {
  it('serves 50 keep-alive connections for 10 s while a guide is rewritten every 100 ms: no 5xx, only whole pages, memory back within 64 MiB of its baseline', async () => {
    const root = copySite('minimal');
    const file = path.join(root, 'content/docs/guides/second.md');
    const versions = MARKERS.map(guideVersion);
    writeFileSync(file, versions[0]!);
    const dev: DevProcess = await startDevProcess(root);
    const pid = dev.child.pid!;
    try {
      // Warm up with the same load as the measured round: the first edits load the Markdown stack and the
      // highlighter, which then stay, and V8's heap and the allocator grow to the size this load needs and keep it
      // (RSS is rarely given back). A baseline taken after a lighter warm-up counted that growth as if it were
      // a leak (runs ended anywhere from 15 to 90 MiB above it, on the code before issue 18 too); a leak still
      // shows, as growth over a second identical round.
      const warmWriter = startRewriting(file, versions, 100);
      await runLoad({ base: dev.url, paths: PATHS, connections: 50, durationMs: 10_000 });
      const warm = warmWriter.stop();
      // The baseline is taken once dev has caught up with the last write (the guide shows it), not mid-update.
      await expect
        .poll(async () => (await get(dev.url, GUIDE)).body, { timeout: 60_000 })
        .toContain(MARKERS[warm.last]);
      const baseline = residentBytes(pid);

      const problems: string[] = [];
      const seen = new Set<string>();
      const peakSampler = samplePeakRss(pid);
      const writer = startRewriting(file, versions, 100);
      const result = await runLoad({
        base: dev.url,
        paths: PATHS,
        connections: 50,
        durationMs: 10_000,
        onResponse: (requested, response) => {
          const problem = responseProblem(requested, response);
          if (problem) problems.push(`${requested}: ${problem}`);
          if (requested === GUIDE) for (const m of MARKERS) if (response.body.includes(m)) seen.add(m);
        },
      });
      const { writes, last } = writer.stop();
      const peak = peakSampler.stop();

      // Once dev has caught up, the guide shows the version written last.
      await expect.poll(async () => (await get(dev.url, GUIDE)).body, { timeout: 60_000 }).toContain(MARKERS[last]);

      const bound = baseline + 64 * MiB;
      // V8 gives memory back when its memory reducer runs, about 8 s after allocation slows down, and again
      // later if need be: waiting 20 s for the bound (not 8) lets it, where the code before issue 18
      // sometimes ended 3 MiB under the bound and sometimes over it. The bound itself is unchanged.
      const after = await settledRss(pid, bound, 20_000);
      const statuses = Object.fromEntries(result.statuses);
      console.log(
        `dev under load: ${result.requests} requests in ${result.durationMs} ms (${Math.round(result.requests / (result.durationMs / 1000))}/s), statuses ${JSON.stringify(statuses)}, ${writes} writes; ` +
          `RSS baseline ${Math.round(baseline / MiB)} MiB, peak ${Math.round(peak / MiB)} MiB, after ${Math.round(after / MiB)} MiB`,
      );

      expect(result.errors.slice(0, 5)).toEqual([]);
      // No 5xx, and no 404 or redirect either: every request found its page.
      expect(statuses).toEqual({ 200: result.requests });
      expect(problems.slice(0, 5)).toEqual([]);
      expect(result.requests).toBeGreaterThan(200);
      expect(writes).toBeGreaterThan(50);
      expect([...seen].sort()).toEqual([...MARKERS]);
      expect(after).toBeLessThanOrEqual(bound);
      expect(dev.stderr()).not.toMatch(/^error|\n\s+at /m);
    } finally {
      expect(await dev.stop()).toBe(0);
    }
  });
});
