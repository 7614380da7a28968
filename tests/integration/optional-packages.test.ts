/**
 * docsgen installed without its optional peer dependencies (mermaid, algoliasearch, satori, @resvg/resvg-js), as a
 * site gets it when it installs none of them: a copy of docsgen whose node_modules links every package of this
 * checkout but those four. A site that uses none of their features builds as before; one that uses a feature gets
 * a message saying what to install, at the place that asks for it, and never a stack trace.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess } from '../helpers/dev-process.js';
import { copyDocsgen, runDocsgenCopy } from '../helpers/docsgen-copy.js';
import { get } from '../helpers/http.js';
import { copySite } from '../helpers/run-cli.js';

const OPTIONAL = ['mermaid', 'algoliasearch', 'satori', '@resvg/resvg-js'];
/** A header only Algolia's client sends: in its code and no other package's. */
const ALGOLIA_CODE = 'x-algolia-api-key';
const NOTE = 'no social images (og:image): satori and @resvg/resvg-js are not installed';

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Adds a mermaid diagram at the end of a page; returns its line. */
function addDiagram(page: string): number {
  writeFileSync(page, `${readFileSync(page, 'utf8')}\n\`\`\`mermaid\ngraph TD\n  A --> B\n\`\`\`\n`);
  return readFileSync(page, 'utf8').split('\n').indexOf('```mermaid') + 1;
}

/** The config of the minimal site with `extra` keys added. */
function setConfig(root: string, extra: string): void {
  const file = path.join(root, 'build.config.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace('  docs:', `${extra}\n  docs:`));
}

describe('docsgen without its optional packages', () => {
  let docsgen: string;
  const build = (root: string) => runDocsgenCopy(docsgen, ['build', '--root', root]);

  beforeAll(() => {
    docsgen = copyDocsgen({ without: OPTIONAL });
    for (const name of OPTIONAL) expect(existsSync(path.join(docsgen, 'node_modules', name))).toBe(false);
  });

  it('builds a site that uses none of them, with one note about the social images and no warning', () => {
    const root = copySite('minimal');
    const result = build(root);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('0 errors, 0 warnings');
    expect(result.stderr.split(NOTE)).toHaveLength(2);
    expect(result.stderr).toContain('npm install --save-dev satori @resvg/resvg-js draws them');
    const dist = path.join(root, 'dist');
    const files = filesUnder(dist);
    // No page names an image that was not written.
    expect(files.filter((file) => file.startsWith('img/og/'))).toEqual([]);
    for (const page of files.filter((file) => file.endsWith('.html')))
      expect(readFileSync(path.join(dist, page), 'utf8')).not.toContain('og/');
    // Local search: its index, and no Algolia code anywhere in the output.
    expect(files).toContain('search/settings.json');
    for (const file of files.filter((name) => name.endsWith('.js')))
      expect(readFileSync(path.join(dist, file), 'utf8')).not.toContain(ALGOLIA_CODE);
  });

  it('builds quietly with socialImages: false', () => {
    const root = copySite('minimal');
    setConfig(root, '  socialImages: false,');
    const result = build(root);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('social images');
  });

  it('refuses a page with a mermaid diagram, at the diagram, and leaves the previous output', () => {
    const root = copySite('minimal');
    setConfig(root, '  socialImages: false,');
    expect(build(root).code).toBe(0);
    const before = readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8');
    const line = addDiagram(path.join(root, 'content/docs/guides/second.md'));
    const result = build(root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `content/docs/guides/second.md:${line}:1  this page has a mermaid diagram, but the mermaid package that draws it is not installed  [missing-package]`,
    );
    expect(result.stderr).toContain('hint: install it in the site: npm install --save-dev mermaid');
    expect(result.stderr).toContain('1 errors, 0 warnings');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8')).toBe(before);
  });

  it('dev reports the diagram mermaid cannot draw, at the diagram, and serves the pages', async () => {
    const root = copySite('minimal');
    const line = addDiagram(path.join(root, 'content/docs/guides/second.md'));
    const dev = await startDevProcess(root, [], docsgen);
    try {
      expect(dev.stderr()).toContain(
        `content/docs/guides/second.md:${line}:1  this page has a mermaid diagram, but the mermaid package that draws it is not installed  [missing-package]`,
      );
      const page = await get(dev.origin, '/docs/guides/second');
      expect(page.status).toBe(200);
      expect(page.body).toContain('class="mermaid"');
      expect(page.body).not.toContain('data-mermaid=');
    } finally {
      await dev.stop();
    }
  });

  it('refuses search.provider algolia, at the search key', () => {
    const root = copySite('minimal');
    setConfig(root, "  search: { provider: 'algolia', appId: 'A', apiKey: 'k', indexName: 'i' },");
    const result = build(root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "build.config.ts:4:3  search.provider is 'algolia', but the algoliasearch package (Algolia's client, bundled into the site's search) is not installed  [missing-package]",
    );
    expect(result.stderr).toContain(
      "hint: npm install --save-dev algoliasearch, or use the built-in search: search: { provider: 'local' }",
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('refuses socialImages: true written in the config, at that key', () => {
    const root = copySite('minimal');
    setConfig(root, '  socialImages: true,');
    const result = build(root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'build.config.ts:4:3  socialImages is true, but satori and @resvg/resvg-js, which draw the social images, are not installed  [missing-package]',
    );
    expect(result.stderr).toContain('hint: npm install --save-dev satori @resvg/resvg-js, or set socialImages: false');
    expect(result.stderr).not.toContain(NOTE);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });
});
