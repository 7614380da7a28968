import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takePageHead } from '../../../cli/components/page-head.js';
import { configSchema } from '../../../cli/config/schema.js';
import { classifyChanges } from '../../../cli/dev/classify-changes.js';
import { pageRoutePath, pagesFolderOf } from '../../../cli/pages/pages-folder.js';
import { tempDir } from '../../helpers/run-cli.js';

const config = (pages?: unknown) =>
  configSchema.parse({ title: 'T', url: 'https://t.example.org', ...(pages === undefined ? {} : { pages }) });

describe('pages folder', () => {
  it('routes files as Docusaurus does: index stands for its folder, no prefixes removed', () => {
    expect(pageRoutePath('help.md', '/')).toBe('/help');
    expect(pageRoutePath('index.tsx', '/')).toBe('/');
    expect(pageRoutePath('blog-x/index.mdx', '/')).toBe('/blog-x');
    expect(pageRoutePath('01-team/people.js', '/')).toBe('/01-team/people');
    expect(pageRoutePath('help.md', '/more')).toBe('/more/help');
    expect(pageRoutePath('index.md', '/more')).toBe('/more');
  });

  it('is used only when the folder exists, and not at all with `pages: false`', () => {
    const root = tempDir('docsgen-pages-folder-');
    expect(pagesFolderOf(config(), root)).toBeUndefined();
    mkdirSync(path.join(root, 'src/pages'), { recursive: true });
    expect(pagesFolderOf(config(), root)).toMatchObject({ fromRoot: 'src/pages', routeBase: '/' });
    expect(pagesFolderOf(config(false), root)).toBeUndefined();
    expect(pagesFolderOf(config({ path: 'src/pages', routeBasePath: 'x/' }), root)?.routeBase).toBe('/x');
  });

  it('takes the title and description a React page gave <Layout>, and removes their element', () => {
    const html =
      '<docsgen-page-head data-title="A &amp; B" data-description="&lt;d&gt;"></docsgen-page-head><main>x</main>';
    expect(takePageHead(html)).toEqual({ html: '<main>x</main>', title: 'A & B', description: '<d>' });
    expect(takePageHead('<main>x</main>')).toEqual({ html: '<main>x</main>' });
  });

  it('dev reloads the pages for a file of the folder, or one the React pages import', () => {
    const folders = {
      configFile: '/site/build.config.ts',
      docsDir: '/site/content/docs',
      staticDirs: ['/site/public'],
      templatesDir: '/pkg/templates',
      pagesDir: '/site/src/pages',
      pageInputs: new Set(['/site/src/components/Card.tsx']),
      componentInputs: new Set(['/site/src/components/Card.tsx']),
    };
    expect(classifyChanges(['/site/src/pages/new.md'], folders).pages).toBe(true);
    expect(classifyChanges(['/site/src/components/Card.tsx'], folders)).toMatchObject({
      pages: true,
      components: true,
    });
    expect(classifyChanges(['/site/content/docs/a.md'], folders).pages).toBe(false);
  });
});
