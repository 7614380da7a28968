import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../cli/config/schema.js';
import { mapDocusaurusConfig } from '../../../cli/migrate/map-docusaurus.js';

describe('mapDocusaurusConfig', () => {
  it('carries Markdown settings over: the format, broken-link hooks and magic comments', () => {
    const { config, notes } = mapDocusaurusConfig({
      title: 'T',
      url: 'https://t.example.org',
      markdown: { format: 'detect', mermaid: true, hooks: { onBrokenMarkdownLinks: 'warn' } },
      themeConfig: {
        prism: {
          magicComments: [
            { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line' },
            { className: 'code-error', line: 'error-next-line' },
          ],
        },
      },
    });
    expect(config.markdown).toEqual({
      format: 'detect',
      magicComments: [
        { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line' },
        { className: 'code-error', line: 'error-next-line' },
      ],
    });
    expect(config.onBrokenMarkdownLinks).toBe('warn');
    expect(notes).toEqual([]);
    // What it writes is a config docsgen accepts.
    expect(configSchema.safeParse({ ...config, docs: { ...(config.docs as object), sidebars: {} } }).success).toBe(
      true,
    );
  });

  it('writes Docusaurus defaults out where docsgen differs: static/ and docs/', () => {
    const { config } = mapDocusaurusConfig({
      title: 'T',
      url: 'https://t.example.org',
      presets: [['@docusaurus/preset-classic', { docs: { routeBasePath: '/' } }]],
    });
    expect(config.staticDirectories).toEqual(['static']);
    expect(config.docs).toEqual({ path: 'docs', routeBasePath: '' });
  });

  it("carries the last-update switches over: showLastUpdateTime, showLastUpdateAuthor and the sitemap's lastmod", () => {
    const { config, notes } = mapDocusaurusConfig({
      title: 'T',
      url: 'https://t.example.org',
      presets: [
        [
          'classic',
          { docs: { showLastUpdateTime: false, showLastUpdateAuthor: true }, sitemap: { lastmod: 'datetime' } },
        ],
      ],
    });
    expect(config.docs).toEqual({ path: 'docs', showLastUpdateTime: false, showLastUpdateAuthor: true });
    expect(config.sitemap).toEqual({ lastmod: 'datetime' });
    expect(notes).toEqual([]);
    expect(configSchema.safeParse({ ...config, docs: { ...(config.docs as object), sidebars: {} } }).success).toBe(
      true,
    );
  });

  it('names a preset or navbar item type that is not text without converting it (an object read as data has no toString)', () => {
    const { notes } = mapDocusaurusConfig({
      presets: [[Object.create(null), {}]],
      themeConfig: { navbar: { items: [{ type: Object.create(null) }] } },
    });
    expect(notes.map((n) => n.message)).toEqual([
      "the preset given as an object is code docsgen does not run, and its options are not the classic preset's: they are not read",
      'the navbar item type given as an object is not supported',
    ]);
  });

  /** Issue 29: jest's Docusaurus 2-alpha config (algolia without appId, gtag in the theme config) wrote a search the schema refused. */
  it("reads Docusaurus 2 alpha's theme keys: algolia without an appId is a note (local search), gtag in themeConfig is analytics", () => {
    const { config, notes } = mapDocusaurusConfig({
      title: 'T',
      url: 'https://t.example.org',
      themeConfig: { algolia: { indexName: 'jest-v2', apiKey: 'k' }, gtag: { trackingID: 'UA-1' } },
    });
    expect(config.search).toBeUndefined();
    expect(config.analytics).toEqual({ gtag: { trackingID: 'UA-1' } });
    expect(notes.map((n) => n.path)).toEqual(['themeConfig.algolia.appId']);
  });
});
