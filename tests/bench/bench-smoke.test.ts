import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtDocPages } from '../../bench/incremental/built-output.js';
import { buildSynthetic } from '../../bench/scenarios/synthetic.js';
import { extractCodeBlocks } from '../../bench/synthetic/fences.js';
import { generateSyntheticSite, REPO_ROOT } from '../../bench/synthetic/generate.js';
import { tempDir } from '../helpers/run-cli.js';

/** The `<pre>` elements of a built page, in order. */
function preBlocks(html: string): string[] {
  return [...html.matchAll(/<pre\b[\s\S]*?<\/pre>/g)].map((match) => match[0]);
}

describe('benchmark smoke test (issue 8 §4)', () => {
  const dir = tempDir('docsgen-bench-smoke-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a 50-page synthetic site that builds cold, with code blocks unique to each copy', async () => {
    const site = generateSyntheticSite({ dir, pages: 50 });
    expect(site.copies).toBe(2);

    const run = await buildSynthetic(REPO_ROOT, site);
    expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
    expect(run.wallS).toBeGreaterThan(0);
    expect(builtDocPages(site.root).count).toBe(50);

    const source = (id: string) => readFileSync(path.join(site.root, 'content/docs/synthetic', `${id}.mdx`), 'utf8');
    const html = (id: string) => readFileSync(path.join(site.root, 'dist/docs/synthetic', id, 'index.html'), 'utf8');
    const twice = site.pages.filter((page) => page.copy === 2);
    let compared = 0;
    for (const second of twice) {
      const first = site.pages.find((page) => page.guide === second.guide && page.copy === 1)!;
      const [sourceA, sourceB] = [extractCodeBlocks(source(first.id)), extractCodeBlocks(source(second.id))];
      const [htmlA, htmlB] = [preBlocks(html(first.id)), preBlocks(html(second.id))];
      expect(sourceB.length).toBe(sourceA.length);
      expect(htmlB.length).toBe(htmlA.length);
      sourceA.forEach((block, i) => expect(sourceB[i]).not.toBe(block));
      htmlA.forEach((block, i) => {
        expect(htmlB[i]).not.toBe(block);
        expect(htmlB[i]).toContain(`copy 2 of ${second.guide}`);
      });
      compared += sourceA.length;
    }
    // The second copy covers 19 guides; together they hold dozens of code blocks.
    expect(compared).toBeGreaterThan(20);
  });
});
