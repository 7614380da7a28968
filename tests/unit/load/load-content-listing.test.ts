import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/load/load-content.js';

/** Loads a site root with these files under content/docs. */
function load(files: Record<string, string>) {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-listing-')));
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, 'content/docs', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return loadContent({ root, docsDir: 'content/docs' });
}

describe('loadContent: which files are docs, and their ids', () => {
  it('never loads a file or folder starting with _ as a page, at any depth (partials live there)', async () => {
    const loaded = await load({
      'intro.md': '# Intro\n',
      '_hidden.md': '# Hidden\n',
      '_partials/part.md': 'A partial.\n',
      'guides/_partials/part.mdx': 'A partial.\n',
      'guides/_drafts/deep/secret.md': '# Secret\n',
      'guides/setup.md': '# Setup\n',
    });
    const { files, diagnostics } = loaded;
    expect(diagnostics).toEqual([]);
    expect(files.map((f) => f.docPath)).toEqual(['guides/setup.md', 'intro.md']);
  });

  it('takes number prefixes off ids (files and folders), keeps them in doc paths, and lets a front matter id win', async () => {
    const loaded = await load({
      '01-intro.md': '# Intro\n',
      '02-guides/01-setup.md': '# Setup\n',
      '02-guides/2021-01-31-release.md': '# Release\n',
      '02-guides/03-advanced.md': '---\nid: deep-dive\n---\n# Advanced\n',
    });
    const { files } = loaded;
    expect(files.map((f) => [f.docPath, f.id])).toEqual([
      ['01-intro.md', 'intro'],
      ['02-guides/01-setup.md', 'guides/setup'],
      ['02-guides/03-advanced.md', 'guides/deep-dive'],
      ['02-guides/2021-01-31-release.md', 'guides/2021-01-31-release'],
    ]);
  });

  it('reads _category_ files by folder, as data', async () => {
    const loaded = await load({
      'guides/intro.md': '# Intro\n',
      'guides/_category_.yml': 'label: Guides\nposition: 2\n',
      'guides/more/_category_.json': '{ "label": "More", "collapsed": true, "link": null }',
      'guides/more/page.md': '# Page\n',
    });
    const { categories, diagnostics } = loaded;
    expect(diagnostics).toEqual([]);
    expect(
      [...categories].map(([dir, meta]) => [dir, meta.file, meta.label, meta.position, meta.collapsed, meta.link]),
    ).toEqual([
      ['guides', 'content/docs/guides/_category_.yml', 'Guides', 2, undefined, undefined],
      ['guides/more', 'content/docs/guides/more/_category_.json', 'More', undefined, true, null],
    ]);
  });
});
