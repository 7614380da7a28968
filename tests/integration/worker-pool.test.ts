import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POOL_THRESHOLD } from '../../cli/workers/worker-pool.js';
import { buildSite } from '../../cli/pipeline/build-site.js';
import { copySite, repoRoot, runCli } from '../helpers/run-cli.js';

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

describe('compiling on worker threads', () => {
  it('gives every page the same HTML as compiling in one thread, each on its own route', async () => {
    const root = copySite('minimal');
    const count = POOL_THRESHOLD + 20;
    for (let i = 0; i < count; i++) writeFileSync(path.join(root, `content/docs/guides/page-${i}.md`), page(i));
    writeFileSync(path.join(root, `content/docs/guides/page-${count}.md`), '# Last\n');

    // The CLI runs from lib/, where the worker script exists: with this many pages it compiles on workers.
    const cli = runCli(['build', '--root', root, '--no-cache']);
    expect(cli.code, cli.stderr).toBe(0);
    // From the TypeScript sources there is no worker script, so the same build stays on one thread.
    const site = await buildSite({ root, noCache: true });

    const pages = site.pages.filter((p) => /page-\d+\//.test(p.outPath));
    expect(pages).toHaveLength(count + 1);
    for (const { outPath, html } of pages) expect(readFileSync(path.join(root, 'dist', outPath), 'utf8'), outPath).toBe(html);
    expect(readFileSync(path.join(root, 'dist/docs/guides/page-123/index.html'), 'utf8')).toContain('const</span><span style="color:#0550AE;--shiki-dark:#79C0FF"> value123');
  }, 120_000);

  it('reads the library with TypeDoc on a worker thread into the same API pages as in one thread', async () => {
    const root = copySite('minimal');
    mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    cpSync(path.join(repoRoot, 'tests/fixtures/api/site/node_modules/fixture-lib'), path.join(root, 'node_modules/fixture-lib'), { recursive: true });
    const config = path.join(root, 'build.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('  docs:', "  api: { package: 'fixture-lib', sidebar: 'main' },\n  docs:"));

    // From lib/ (the CLI) TypeDoc runs on a worker thread; from the TypeScript sources on this one.
    expect(existsSync(path.join(repoRoot, 'lib/api-worker.js'))).toBe(true);
    const cli = runCli(['build', '--root', root, '--no-cache']);
    expect(cli.code, cli.stderr).toBe(0);
    const site = await buildSite({ root, noCache: true });

    const apiPages = site.pages.filter((p) => p.outPath.startsWith('docs/api/'));
    expect(apiPages.length).toBeGreaterThan(5);
    for (const { outPath, html } of apiPages) expect(readFileSync(path.join(root, 'dist', outPath), 'utf8'), outPath).toBe(html);
    expect(readFileSync(path.join(root, 'dist/docs/api/classes/Widget/index.html'), 'utf8')).toContain('Renders something.');
  }, 120_000);
});
