import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildResult } from '../../cli/commands/build.js';
import { POOL_THRESHOLD, WORKERS_ENV } from '../../cli/workers/worker-pool.js';
import type { Diagnostic } from '../../cli/types.js';
import { MARKER_FILE } from '../../cli/files/output-names.js';
import { copySite, repoRoot, tempDir } from '../helpers/run-cli.js';

/**
 * Compiled pages are keyed on their own source and record the routes they looked up and the files they read
 * (cli/markdown/compile-deps.ts): each change below is one the cache must notice, and the warm build must write
 * what a cold build of the same tree writes, byte for byte.
 */

type Builder = (options: BuildOptions) => Promise<BuildResult>;

/** A build that also counts the pages the markdown stage compiled (the reporter's progress, which the CLI shows). */
async function buildCounting(root: string, run: Builder = build): Promise<BuildResult & { compiled: number }> {
  let compiled = 0;
  const result = await run({
    root,
    reporter: { progress: (_done, _total, label) => void (label === 'markdown' && compiled++) },
  });
  return { ...result, compiled };
}

/** Every file of a folder, by path relative to it. */
function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, name);
    try {
      files.set(name.split(path.sep).join('/'), readFileSync(file));
    } catch {
      // A folder.
    }
  }
  return files;
}

/** The same tree built cold: a copy of the site without its out dir and cache, built with the same builder. */
async function buildCold(root: string, run: Builder = build): Promise<{ result: BuildResult; root: string }> {
  const cold = tempDir('docsgen-cold-');
  cpSync(root, cold, { recursive: true, filter: (from) => !/[\\/](dist|\.cache)$/.test(from) });
  return { result: await run({ root: cold }), root: cold };
}

/** The warm out dir equals the cold one: the same files, the same bytes (but the marker, which names each build). */
function expectSameOutput(warmRoot: string, coldRoot: string): void {
  const warm = readTree(path.join(warmRoot, 'dist'));
  const cold = readTree(path.join(coldRoot, 'dist'));
  for (const tree of [warm, cold]) tree.delete(MARKER_FILE);
  expect([...warm.keys()]).toEqual([...cold.keys()]);
  for (const [name, bytes] of warm)
    expect(bytes.equals(cold.get(name)!), `${name} differs from a cold build`).toBe(true);
}

/** Diagnostics as the user reads them (file names are the same from either root). */
const shown = (diagnostics: Diagnostic[]) =>
  diagnostics.map(({ severity, rule, file, line, column, message }) => ({
    severity,
    rule,
    file,
    line,
    column,
    message,
  }));

const append = (file: string, text: string) => writeFileSync(file, readFileSync(file, 'utf8') + text);
const edit = (file: string, from: string, to: string) =>
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

describe('warm builds equal cold builds when the route table or public/ changes', () => {
  it('adding a page to a cached site compiles only that page, and a page linking to an old one is right', async () => {
    const root = copySite('minimal');
    expect((await buildCounting(root)).compiled).toBe(2);
    expect((await buildCounting(root)).compiled).toBe(0);

    writeFileSync(
      path.join(root, 'content/docs/guides/third.md'),
      '# Third\n\nSee [the details](./second.md#details) and [the intro](/content/docs/guides/intro.md).\n',
    );
    const warm = await buildCounting(root);
    expect(warm.ok).toBe(true);
    expect(warm.compiled).toBe(1);
    expect(readFileSync(path.join(root, 'dist/docs/guides/third/index.html'), 'utf8')).toContain(
      'href="/docs/guides/second#details"',
    );
    const cold = await buildCold(root);
    expect(cold.result.ok).toBe(true);
    expectSameOutput(root, cold.root);
  });

  it('deleting a page that another links to reports the broken link at the linking line, as a cold build does', async () => {
    const root = copySite('minimal');
    const intro = path.join(root, 'content/docs/guides/intro.md');
    writeFileSync(path.join(root, 'content/docs/guides/third.md'), '# Third\n');
    append(intro, '\nAlso read [the third page](./third.md).\n');
    expect((await build({ root })).ok).toBe(true);

    rmSync(path.join(root, 'content/docs/guides/third.md'));
    const warm = await buildCounting(root);
    expect(warm.ok).toBe(false);
    expect(shown(warm.diagnostics)).toContainEqual(
      expect.objectContaining({
        rule: 'broken-markdown-link',
        file: 'content/docs/guides/intro.md',
        line: 12,
        column: 11,
      }),
    );
    // Only the page whose link now points nowhere was compiled again.
    expect(warm.compiled).toBe(1);
    const cold = await buildCold(root);
    expect(shown(warm.diagnostics)).toEqual(shown(cold.result.diagnostics));

    // Fixed, the warm build writes what a cold one does.
    edit(intro, '\nAlso read [the third page](./third.md).\n', '');
    expect((await build({ root })).ok).toBe(true);
    expectSameOutput(root, (await buildCold(root)).root);
  });

  it('a slug change recompiles the pages that link to the page, and only those', async () => {
    const root = copySite('minimal');
    writeFileSync(path.join(root, 'content/docs/guides/third.md'), '# Third\n\nNo links here.\n');
    expect((await build({ root })).ok).toBe(true);

    writeFileSync(
      path.join(root, 'content/docs/guides/second.md'),
      `---\nslug: /guides/moved\n---\n\n${readFileSync(path.join(root, 'content/docs/guides/second.md'), 'utf8')}`,
    );
    const warm = await buildCounting(root);
    expect(warm.ok).toBe(true);
    // second.md itself (its file changed) and intro.md (it links to it); not third.md.
    expect(warm.compiled).toBe(2);
    expect(readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8')).toContain(
      'href="/docs/guides/moved#details"',
    );
    expectSameOutput(root, (await buildCold(root)).root);
  });

  it('a doc added next to a page whose link found its doc from the docs folder: that page now links to the new doc', async () => {
    const root = copySite('minimal');
    writeFileSync(path.join(root, 'content/docs/other.md'), '# Other at the root\n');
    // From guides/, `other.md` is looked up next to the page (none there), then from the docs folder (found).
    writeFileSync(path.join(root, 'content/docs/guides/third.md'), '# Third\n\nSee [the other page](other.md).\n');
    expect((await build({ root })).ok).toBe(true);
    expect(readFileSync(path.join(root, 'dist/docs/guides/third/index.html'), 'utf8')).toContain('href="/docs/other"');

    writeFileSync(path.join(root, 'content/docs/guides/other.md'), '# Other next to it\n');
    const warm = await buildCounting(root);
    expect(warm.ok).toBe(true);
    // The new page, and third.md (its link now finds the doc next to it); not intro.md or second.md.
    expect(warm.compiled).toBe(2);
    expect(readFileSync(path.join(root, 'dist/docs/guides/third/index.html'), 'utf8')).toContain(
      'href="/docs/guides/other"',
    );
    expectSameOutput(root, (await buildCold(root)).root);
  });

  it('a public file added that an image names, and one a link names', async () => {
    const root = copySite('minimal');
    const second = path.join(root, 'content/docs/guides/second.md');
    append(second, '\n![new](/img/new.svg)\n\n[The manual](/files/manual.txt)\n');
    const before = await build({ root });
    expect(
      shown(before.diagnostics)
        .map((d) => d.rule)
        .sort(),
    ).toEqual(['broken-link', 'missing-image']);

    writeFileSync(
      path.join(root, 'public/img/new.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
    );
    mkdirSync(path.join(root, 'public/files'));
    writeFileSync(path.join(root, 'public/files/manual.txt'), 'manual');
    const warm = await build({ root });
    expect(warm.diagnostics).toEqual([]);
    expect(readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8')).toContain(
      '<img src="/img/new.svg" alt="new" width="4" height="4"',
    );
    expectSameOutput(root, (await buildCold(root)).root);

    // An unrelated public file: nothing is compiled again.
    writeFileSync(path.join(root, 'public/other.txt'), 'other');
    expect((await buildCounting(root)).compiled).toBe(0);
    expectSameOutput(root, (await buildCold(root)).root);
  });

  it('a new baseUrl: pages, client bundle and all, as a cold build writes them', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    edit(
      path.join(root, 'build.config.ts'),
      "url: 'https://example.com',",
      "url: 'https://example.com', baseUrl: '/b/',",
    );
    expect((await build({ root })).ok).toBe(true);
    expect(readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8')).toMatch(
      /<script type="module" src="\/b\/assets\/main\.[^"]+\.js"/,
    );
    expectSameOutput(root, (await buildCold(root)).root);
  });

  it('pages compiled on worker threads record their links too: a slug change recompiles the page that links to it', async () => {
    const root = copySite('minimal');
    const count = POOL_THRESHOLD + 10;
    for (let i = 0; i < count; i++)
      writeFileSync(
        path.join(root, `content/docs/guides/page-${i}.md`),
        `# Page ${i}\n\nOn to [page ${i + 1}](./page-${i + 1}.md).\n`,
      );
    writeFileSync(path.join(root, `content/docs/guides/page-${count}.md`), '# Last\n');
    // No social images: they are drawn on workers of their own, not the compile workers this case is about, and on
    // 300 pages they were most of its CPU (about 7 s a cold build, two cold builds here). The cases above keep them,
    // on the default config, and compare them warm and cold.
    edit(
      path.join(root, 'build.config.ts'),
      "url: 'https://example.com',",
      "url: 'https://example.com', socialImages: false,",
    );
    const lib = await import(path.join(repoRoot, 'lib/index.js'));
    const withTwoWorkers: Builder = async (options) => {
      const before = process.env[WORKERS_ENV];
      process.env[WORKERS_ENV] = '2';
      try {
        return await lib.build(options);
      } finally {
        if (before === undefined) delete process.env[WORKERS_ENV];
        else process.env[WORKERS_ENV] = before;
      }
    };
    const first = await buildCounting(root, withTwoWorkers);
    expect(first.ok).toBe(true);
    expect(first.workers.markdown).toBe(2);

    edit(path.join(root, 'content/docs/guides/page-7.md'), '# Page 7', '---\nslug: /guides/seventh\n---\n\n# Page 7');
    const warm = await buildCounting(root, withTwoWorkers);
    expect(warm.ok).toBe(true);
    expect(warm.compiled).toBe(2);
    expect(readFileSync(path.join(root, 'dist/docs/guides/page-6/index.html'), 'utf8')).toContain(
      'href="/docs/guides/seventh"',
    );
    expectSameOutput(root, (await buildCold(root, withTwoWorkers)).root);
  }, 180_000);
});
