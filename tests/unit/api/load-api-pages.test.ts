import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { configSchema } from '../../../cli/config/schema.js';
import { createMarkdownContextFactory } from '../../../cli/markdown/compile-docs.js';
import { loadApiModel, loadApiPages } from '../../../cli/api/load-api-pages.js';
import type { PlannedDoc } from '../../../cli/types.js';
import { FIXTURE_ROOT } from './fixture.js';
import { tempDir } from '../../helpers/run-cli.js';

/** A site with fixture-lib, whose Widget's TSDoc links to a guide by its file. */
function siteLinkingToAGuide(): string {
  const root = tempDir('docsgen-api-pages-');
  cpSync(path.join(FIXTURE_ROOT, 'node_modules/fixture-lib'), path.join(root, 'node_modules/fixture-lib'), {
    recursive: true,
  });
  const widget = path.join(root, 'node_modules/fixture-lib/src/widget.ts');
  writeFileSync(
    widget,
    readFileSync(widget, 'utf8').replace(
      'Renders something.',
      'Renders something, as [the guide](/content/docs/guides/widgets.md) shows.',
    ),
  );
  return root;
}

/** The docs of a site as route planning gives them: only their paths and routes matter here. */
const docs = (routes: Record<string, string>) =>
  Object.entries(routes).map(([docPath, route]) => ({ file: { docPath }, path: route }) as PlannedDoc);

/** loadApiPages as a build calls it, counting how often it asked for the Markdown context (only to compile pages). */
async function load(root: string, routes: Record<string, string>) {
  const config = configSchema.parse({
    title: 'T',
    url: 'https://example.com',
    api: { package: 'fixture-lib', sidebar: 'main' },
  });
  const factory = createMarkdownContextFactory({
    config,
    root,
    staticDirs: [path.join(root, 'public')],
    docs: docs(routes),
  });
  let compiled = 0;
  const markdown = () => {
    compiled++;
    return factory.markdown();
  };
  const cache = new DiskCache(path.join(root, 'node_modules/.cache/docsgen'));
  const loaded = await loadApiModel({ root, config, cache });
  const result = await loadApiPages({
    config,
    cache,
    loaded,
    markdown,
    sharedKey: factory.sharedKey,
    docRoutes: factory.docRoutes,
  });
  const widget = result.pages.find((p) => p.path === '/docs/api/classes/Widget')!;
  return { compiled, html: widget.content.html };
}

describe('cached API pages', () => {
  it('are reused when a doc is added, and compiled again when a doc their TSDoc links to moves', async () => {
    const root = siteLinkingToAGuide();
    const first = await load(root, { 'guides/widgets.md': '/docs/guides/widgets' });
    expect(first.compiled).toBe(1);
    expect(first.html).toContain('href="/docs/guides/widgets"');

    const added = await load(root, {
      'guides/widgets.md': '/docs/guides/widgets',
      'guides/new.md': '/docs/guides/new',
    });
    expect(added.compiled).toBe(0);
    expect(added.html).toBe(first.html);

    const moved = await load(root, { 'guides/widgets.md': '/docs/widgets', 'guides/new.md': '/docs/guides/new' });
    expect(moved.compiled).toBe(1);
    expect(moved.html).toContain('href="/docs/widgets"');
  });
});
