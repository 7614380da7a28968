import { describe, expect, it } from 'vitest';
import { classifyChanges } from '../../../cli/dev/classify-changes.js';

const folders = {
  configFile: '/site/build.config.ts',
  docsDir: '/site/content/docs',
  staticDirs: ['/site/public', '/site/static'],
  templatesDir: '/pkg/templates',
};

describe('classifyChanges', () => {
  it('sorts changed files by what depends on them', () => {
    expect(classifyChanges(['/site/content/docs/guides/a.mdx'], folders)).toMatchObject({
      content: true,
      config: false,
      public: false,
      styles: false,
      templates: false,
    });
    expect(classifyChanges(['/site/build.config.ts'], folders).config).toBe(true);
    expect(classifyChanges(['/site/public/img/logo.svg'], folders).public).toBe(true);
    expect(classifyChanges(['/site/static/img/shot.png'], folders).public).toBe(true);
    expect(classifyChanges(['/pkg/templates/styles/base.css'], folders)).toMatchObject({
      styles: true,
      templates: false,
      client: false,
    });
    expect(classifyChanges(['/pkg/templates/client/tabs.ts'], folders)).toMatchObject({
      client: true,
      templates: false,
    });
    expect(classifyChanges(['/pkg/templates/og/SocialImage.tsx'], folders)).toMatchObject({
      templates: true,
      client: false,
      styles: false,
    });
  });

  it('rebuilds both the render layer and the browser bundle for the theme and its contract, which both import', () => {
    // The navbar is an island (hydrated by the bundle), the heading hook runs in it, the search terms are the index's.
    for (const file of [
      'theme/Navbar.tsx',
      'theme/DocPage.tsx',
      'theme/browser/use-active-heading.ts',
      'shared/search-terms.ts',
    ])
      expect(classifyChanges([`/pkg/templates/${file}`], folders), file).toMatchObject({
        templates: true,
        client: true,
        styles: false,
      });
  });

  it('sorts a code sample setup apart from the docs, when samples are checked', () => {
    const withSetups = { ...folders, setupDir: '/site/content/code-setup' };
    expect(classifyChanges(['/site/content/code-setup/camera.ts'], withSetups)).toMatchObject({
      setups: true,
      content: false,
    });
    expect(classifyChanges(['/site/content/code-setup/camera.ts'], folders).setups).toBe(false);
  });

  it('ignores files outside the watched folders, including look-alike prefixes', () => {
    expect(
      Object.values(classifyChanges(['/site/content/docs-old/a.md', '/site/publicity.txt'], folders)).some(Boolean),
    ).toBe(false);
  });

  it('counts a change of a content folder itself (public/ replaced, or linked elsewhere)', () => {
    expect(classifyChanges(['/site/public'], folders)).toMatchObject({ public: true, content: false });
    expect(classifyChanges(['/site/content/docs'], folders)).toMatchObject({ content: true, public: false });
  });
});
