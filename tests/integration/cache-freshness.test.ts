import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../cli/commands/build.js';
import { FIXTURE_LIB_CONFIG, installFixtureLib } from '../helpers/fixture-lib.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { copySite, tempDir } from '../helpers/run-cli.js';

/** Warm builds must never serve stale output: each change shows up in the next build with the cache kept. */
describe('warm builds reflect every change', () => {
  const page = (root: string, route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
  const edit = (file: string, from: string | RegExp, to: string) =>
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

  it('a code block, a front matter title and the config', async () => {
    const root = copySite('minimal');
    const intro = path.join(root, 'content/docs/guides/intro.md');
    writeFileSync(intro, readFileSync(intro, 'utf8') + '\n```ts\nconst before = 1\n```\n');
    expect((await build({ root })).ok).toBe(true);
    expect(page(root, 'docs/guides')).toContain('before');

    edit(intro, 'const before = 1', 'const after = 2');
    expect((await build({ root })).ok).toBe(true);
    expect(page(root, 'docs/guides')).toContain('after');
    expect(page(root, 'docs/guides')).not.toContain('before');

    edit(intro, 'title: Introduction', 'title: Welcome Aboard');
    await build({ root });
    expect(page(root, 'docs/guides')).toContain('<title>Welcome Aboard | Minimal</title>');
    expect(page(root, 'docs/guides/second')).toContain('>Welcome Aboard<');

    edit(path.join(root, 'build.config.ts'), "title: 'Minimal'", "title: 'Renamed'");
    await build({ root });
    expect(page(root, 'docs/guides/second')).toContain('<title>Second Page | Renamed</title>');

    edit(
      path.join(root, 'build.config.ts'),
      "url: 'https://example.com',",
      "url: 'https://example.com', baseUrl: '/b/',",
    );
    await build({ root });
    expect(page(root, 'docs/guides')).toContain('href="/b/docs/guides/second#details"');
  });

  it('a site component module, and a module it imports, edited: the pages that use it change', async () => {
    const root = tempDir('docsgen-components-fresh-');
    cpSync(path.join(fixturesDir, 'components'), root, { recursive: true });
    expect((await build({ root })).ok).toBe(true);
    expect(page(root, 'docs/intro')).toContain('<p>2 of 3 ready</p>');

    // Imported by FeatureList, not registered itself.
    edit(path.join(root, 'src/lib/format.ts'), '`${done} of ${total} ready`', '`${done}/${total} done`');
    expect((await build({ root })).ok).toBe(true);
    expect(page(root, 'docs/intro')).toContain('<p>2/3 done</p>');

    edit(
      path.join(root, 'src/components/BrowserWindow.tsx'),
      'className="browser-window-address"',
      'className="address-bar"',
    );
    expect((await build({ root })).ok).toBe(true);
    expect(page(root, 'docs/intro')).toContain('<span class="address-bar">https://example.com/settings</span>');
    expect(page(root, 'docs/frames')).toContain('<span class="address-bar">https://example.com/inner</span>');
  });

  it('a change to a public file a page links to', async () => {
    const root = copySite('minimal');
    const second = path.join(root, 'content/docs/guides/second.md');
    writeFileSync(second, readFileSync(second, 'utf8') + '\n![new](/img/new.svg)\n');
    const first = await build({ root });
    expect(first.diagnostics).toEqual([expect.objectContaining({ rule: 'missing-image' })]);
    writeFileSync(
      path.join(root, 'public/img/new.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
    );
    const second2 = await build({ root });
    expect(second2.ok).toBe(true);
    expect(page(root, 'docs/guides/second')).toContain('<img src="/img/new.svg" alt="new" width="4" height="4"');
  });

  it('an image replaced under the same name, next to a page or in public/', async () => {
    const root = copySite('minimal');
    const second = path.join(root, 'content/docs/guides/second.md');
    const svg = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"/>`;
    writeFileSync(path.join(root, 'content/docs/guides/pic.svg'), svg(4));
    writeFileSync(path.join(root, 'public/img/logo2.svg'), svg(4));
    writeFileSync(second, readFileSync(second, 'utf8') + '\n![pic](./pic.svg)\n\n![logo](/img/logo2.svg)\n');
    expect((await build({ root })).ok).toBe(true);
    const before = /<img src="\/(assets\/[^"]+)" alt="pic" width="4" height="4"/.exec(page(root, 'docs/guides/second'));
    expect(before).not.toBeNull();
    expect(page(root, 'docs/guides/second')).toContain('alt="logo" width="4" height="4"');

    writeFileSync(path.join(root, 'content/docs/guides/pic.svg'), svg(16));
    writeFileSync(path.join(root, 'public/img/logo2.svg'), svg(16));
    expect((await build({ root })).ok).toBe(true);
    const after = /<img src="\/(assets\/[^"]+)" alt="pic" width="16" height="16"/.exec(
      page(root, 'docs/guides/second'),
    );
    expect(after).not.toBeNull();
    // A new name for new bytes: browsers keep hashed files for a year.
    expect(after![1]).not.toBe(before![1]);
    // Published as rebuilt from the checked tree (each element closed by an end tag).
    expect(readFileSync(path.join(root, 'dist', after![1]), 'utf8')).toBe(svg(16).replace('/>', '></svg>'));
    expect(page(root, 'docs/guides/second')).toContain('alt="logo" width="16" height="16"');
  });

  it('a new version of the documented library, or its TSDoc edited in place', async () => {
    const root = copySite('minimal');
    installFixtureLib(root);
    const config = path.join(root, 'build.config.ts');
    edit(config, '  docs:', `${FIXTURE_LIB_CONFIG}\n  docs:`);
    const lib = path.join(root, 'node_modules/fixture-lib');
    const widget = () => page(root, 'docs/api/classes/Widget');
    expect((await build({ root })).ok).toBe(true);
    expect(widget()).toContain('Renders something.');
    expect(widget()).toContain('/v1.2.3/');

    edit(path.join(lib, 'src/widget.ts'), 'Renders something.', 'Draws a widget on screen.');
    await build({ root });
    expect(widget()).toContain('Draws a widget on screen.');

    edit(path.join(lib, 'package.json'), '"version": "1.2.3"', '"version": "1.3.0"');
    await build({ root });
    expect(widget()).toContain('/v1.3.0/');
    expect(widget()).not.toContain('/v1.2.3/');
  });

  it('pages cached by cache version 1 (when shiki could leave a slow line plain) are compiled again', async () => {
    const root = copySite('minimal');
    const intro = path.join(root, 'content/docs/guides/intro.md');
    writeFileSync(intro, readFileSync(intro, 'utf8') + '\n```ts\nconst highlighted = 1\n```\n');
    // Build as docsgen did with version 1 of the cache, then make its cached pages look degraded.
    vi.resetModules();
    vi.doMock('../../cli/cache/disk-cache.js', async (importOriginal) => ({
      ...(await importOriginal<object>()),
      CACHE_VERSION: 1,
    }));
    const { build: buildWithVersion1 } = await import('../../cli/commands/build.js');
    expect((await buildWithVersion1({ root })).ok).toBe(true);
    const pages = path.join(root, 'node_modules/.cache/docsgen/pages');
    for (const entry of readdirSync(pages, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.json'),
    )) {
      edit(path.join(pages, entry), 'highlighted', 'left-plain-by-version-1');
    }
    // The same version reuses its cache (so the check below can fail)...
    await buildWithVersion1({ root });
    expect(page(root, 'docs/guides')).toContain('left-plain-by-version-1');

    // ...and this version does not.
    vi.doUnmock('../../cli/cache/disk-cache.js');
    vi.resetModules();
    const { build: buildNow } = await import('../../cli/commands/build.js');
    expect((await buildNow({ root })).ok).toBe(true);
    expect(page(root, 'docs/guides')).not.toContain('left-plain-by-version-1');
    expect(page(root, 'docs/guides')).toContain('highlighted');
  });
});
