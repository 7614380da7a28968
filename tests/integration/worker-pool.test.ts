import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildResult } from '../../cli/commands/build.js';
import { POOL_THRESHOLD, WORKERS_ENV } from '../../cli/workers/worker-pool.js';
import { buildSite } from '../../cli/pipeline/build-site.js';
import { FIXTURE_LIB_CONFIG, installFixtureLib } from '../helpers/fixture-lib.js';
import { copySite, repoRoot } from '../helpers/run-cli.js';

/** A page unlike every other: its own title, code, heading ids and a link to its neighbour. */
function page(i: number): string {
  return [
    `---\ntitle: Page ${i}\n---`,
    `Intro of page ${i} with **bold** text and a [link to the next page](./page-${i + 1}.md).`,
    `## Setup ${i}`,
    '```tsx title="App.tsx" {2}',
    `const value${i} = <Camera style={{ flex: ${i} }} />`,
    `export default value${i}`,
    '```',
    ':::tip',
    `Tip number ${i}.`,
    ':::',
  ].join('\n\n');
}

/**
 * `build()` of the compiled package (lib/, which has the worker scripts) with
 * DOCSGEN_WORKERS=2: two workers even on a machine with one core.
 */
async function buildWithTwoWorkers(root: string): Promise<BuildResult> {
  const lib = await import(path.join(repoRoot, 'lib/index.js'));
  const before = process.env[WORKERS_ENV];
  process.env[WORKERS_ENV] = '2';
  try {
    return await lib.build({ root, noCache: true });
  } finally {
    if (before === undefined) delete process.env[WORKERS_ENV];
    else process.env[WORKERS_ENV] = before;
  }
}

describe('compiling on worker threads', () => {
  it('compiles and renders on two worker threads (DOCSGEN_WORKERS=2, whatever the cores) into the same HTML as one thread', async () => {
    const root = copySite('minimal');
    const count = POOL_THRESHOLD + 20;
    for (let i = 0; i < count; i++) writeFileSync(path.join(root, `content/docs/guides/page-${i}.md`), page(i));
    writeFileSync(path.join(root, `content/docs/guides/page-${count}.md`), '# Last\n');
    // No generated social images: they are drawn on workers of their own (not the compile and render pools compared
    // here), and drawing 320 of them was about a quarter of this file's CPU. The pages keep their og:image tags,
    // from the site-wide image, so the head the render workers write is still compared.
    const config = path.join(root, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "url: 'https://example.com',",
        "url: 'https://example.com', socialImages: false, image: 'img/dot.svg',",
      ),
    );

    const pooled = await buildWithTwoWorkers(root);
    expect(pooled.ok).toBe(true);
    expect(pooled.workers).toEqual({ markdown: 2, api: 0, render: 2 });
    // From the TypeScript sources there is no worker script: the same site is built on this one thread.
    const site = await buildSite({ root, noCache: true });
    expect(site.workers).toEqual({ markdown: 0, api: 0, render: 0 });

    const pages = site.pages.filter((p) => /page-\d+\//.test(p.outPath));
    expect(pages).toHaveLength(count + 1);
    for (const { outPath, html } of pages)
      expect(readFileSync(path.join(root, 'dist', outPath), 'utf8'), outPath).toBe(html);
    const page123 = readFileSync(path.join(root, 'dist/docs/guides/page-123/index.html'), 'utf8');
    expect(page123).toContain('<meta property="og:image" content="https://example.com/img/dot.svg"');
    expect(page123).toContain('const</span><span style="color:#0550AE;--shiki-dark:#79C0FF"> value123');
  });

  it('reads the library with TypeDoc on a worker thread into the same API pages as in one thread', async () => {
    const root = copySite('minimal');
    installFixtureLib(root);
    const config = path.join(root, 'build.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('  docs:', `${FIXTURE_LIB_CONFIG}\n  docs:`));

    // From lib/ TypeDoc runs on a worker thread; from the TypeScript sources on this one.
    expect(existsSync(path.join(repoRoot, 'lib/api-worker.js'))).toBe(true);
    const pooled = await buildWithTwoWorkers(root);
    expect(pooled.ok).toBe(true);
    expect(pooled.workers.api).toBe(1);
    const site = await buildSite({ root, noCache: true });
    expect(site.workers.api).toBe(0);

    const apiPages = site.pages.filter((p) => p.outPath.startsWith('docs/api/'));
    expect(apiPages.length).toBeGreaterThan(5);
    for (const { outPath, html } of apiPages)
      expect(readFileSync(path.join(root, 'dist', outPath), 'utf8'), outPath).toBe(html);
    expect(readFileSync(path.join(root, 'dist/docs/api/classes/Widget/index.html'), 'utf8')).toContain(
      'Renders something.',
    );
  });
});
