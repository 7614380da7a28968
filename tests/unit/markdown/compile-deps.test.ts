import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCurrent, mergeDeps } from '../../../cli/markdown/compile-deps.js';
import { compile, siteRoot, testContext } from '../../helpers/compile.js';

/** The test context's route table, changed. */
async function routesWith(changes: Record<string, string | undefined>): Promise<Map<string, string>> {
  const routes = new Map((await testContext()).docRoutes);
  for (const [docPath, route] of Object.entries(changes)) {
    if (route === undefined) routes.delete(docPath);
    else routes.set(docPath, route);
  }
  return routes;
}

describe('what a compiled page depends on', () => {
  it('records each doc path a .md link looked up, with the route it found or none', async () => {
    const page = await compile(
      '[Intro](./intro.mdx) and [again](/content/docs/guides/other.md#x) and [gone](./gone.md)\n',
      'md',
    );
    expect(page.lookups).toEqual([
      ['guides/intro.mdx', '/docs/guides'],
      // An absolute link tries the path from the site root first, then from the docs folder.
      ['content/docs/guides/other.md', null],
      ['guides/other.md', '/docs/guides/other'],
      ['guides/gone.md', null],
      // A relative link not found next to the page is looked up from the docs folder, as on Docusaurus.
      ['gone.md', null],
    ]);
  });

  it('is stale once a doc appears next to the page where a docs-root link found its doc', async () => {
    // From guides/, `guides/other.md` is tried first (none there), then `other.md` from the docs folder.
    const page = await compile('See [the doc](guides/other.md).\n', 'md');
    expect(page.lookups).toEqual([
      ['guides/guides/other.md', null],
      ['guides/other.md', '/docs/guides/other'],
    ]);
    expect(isCurrent(page, await routesWith({ 'guides/guides/other.md': '/docs/guides/guides/other' }))).toBe(false);
    expect(isCurrent(page, await routesWith({ 'guides/new.md': '/docs/guides/new' }))).toBe(true);
  });

  it('is current while the docs it linked to keep their routes, whatever other docs come and go', async () => {
    const page = await compile('Read [the intro](./intro.mdx).\n', 'md');
    expect(isCurrent(page, (await testContext()).docRoutes)).toBe(true);
    expect(
      isCurrent(page, await routesWith({ 'guides/new.md': '/docs/guides/new', 'guides/other.md': undefined })),
    ).toBe(true);
    expect(isCurrent(page, await routesWith({ 'guides/intro.mdx': '/docs/start' }))).toBe(false);
    expect(isCurrent(page, await routesWith({ 'guides/intro.mdx': undefined }))).toBe(false);
  });

  it('is stale once a doc appears where a link found none', async () => {
    const page = await compile('See [the doc](/content/docs/guides/other.md).\n', 'md');
    expect(isCurrent(page, await routesWith({ 'content/docs/guides/other.md': '/docs/elsewhere' }))).toBe(false);
  });

  it('a page without .md links depends on no route at all', async () => {
    const page = await compile('Plain [link](/docs/guides) and [external](https://example.com).\n', 'md');
    expect(page.lookups).toBeUndefined();
    expect(isCurrent(page, new Map())).toBe(true);
  });

  it('is stale once an image it read changes', async () => {
    const image = path.join(siteRoot, 'public/dep.svg');
    writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const page = await compile('![dot](/dep.svg)\n', 'md');
    const routes = (await testContext()).docRoutes;
    expect(isCurrent(page, routes)).toBe(true);
    writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>');
    expect(isCurrent(page, routes)).toBe(false);
  });

  it('is stale once an image symlink points to another file, though the file it pointed to is unchanged', async () => {
    const svg = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"/>`;
    writeFileSync(path.join(siteRoot, 'public/first.svg'), svg(4));
    writeFileSync(path.join(siteRoot, 'public/second.svg'), svg(16));
    const link = path.join(siteRoot, 'public/linked.svg');
    symlinkSync('first.svg', link);
    const page = await compile('![linked](/linked.svg)\n', 'md');
    const routes = (await testContext()).docRoutes;
    expect(isCurrent(page, routes)).toBe(true);
    rmSync(link);
    symlinkSync('second.svg', link);
    expect(isCurrent(page, routes)).toBe(false);
  });

  it('merges the dependencies of several fragments, each once', () => {
    const read = { path: '/x.png', size: 1, mtimeMs: 2 };
    expect(
      mergeDeps([
        { lookups: [['a.md', '/a']] },
        {
          reads: [read],
          lookups: [
            ['a.md', '/a'],
            ['b.md', null],
          ],
        },
        {},
      ]),
    ).toEqual({
      reads: [read],
      lookups: [
        ['a.md', '/a'],
        ['b.md', null],
      ],
    });
    expect(mergeDeps([{}, {}])).toEqual({});
  });
});
