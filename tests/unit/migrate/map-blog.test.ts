import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../cli/config/schema.js';
import { mapDocusaurusConfig } from '../../../cli/migrate/map-docusaurus.js';

const site = { title: 'T', url: 'https://t.example.org' };
const accepted = (config: Record<string, unknown>) =>
  configSchema.safeParse({ ...config, docs: { ...(config.docs as object), sidebars: {} } }).success;

describe("migrate carries the blog's options over", () => {
  it("from the classic preset's blog, with no 'no blog' note", () => {
    const { config, notes } = mapDocusaurusConfig({
      ...site,
      presets: [
        [
          'classic',
          {
            blog: {
              path: 'news',
              routeBasePath: '/updates/',
              postsPerPage: 5,
              blogTitle: 'News',
              blogDescription: 'What is new',
              showReadingTime: false,
              authorsMapPath: 'people.yml',
              blogSidebarCount: 8,
              blogSidebarTitle: 'All posts',
              feedOptions: { type: 'all', copyright: '© T' },
              editUrl: 'https://github.com/t/t/edit/main/',
            },
          },
        ],
      ],
    });
    expect(config.blog).toEqual({
      path: 'news',
      routeBasePath: 'updates',
      postsPerPage: 5,
      blogTitle: 'News',
      blogDescription: 'What is new',
      showReadingTime: false,
      authorsMapPath: 'people.yml',
      blogSidebarCount: 8,
      blogSidebarTitle: 'All posts',
      feedOptions: { type: 'all', copyright: '© T' },
    });
    expect(notes).toEqual([]);
    expect(accepted(config)).toBe(true);
  });

  it('from the blog plugin, and `blog: false` turns it off', () => {
    const plugin = mapDocusaurusConfig({
      ...site,
      plugins: [
        ['content-blog', { blogTitle: 'B', postsPerPage: 'ALL', blogSidebarCount: 'ALL', showReadingTime: 'no' }],
      ],
    });
    expect(plugin.config.blog).toEqual({ blogTitle: 'B', postsPerPage: 'ALL', blogSidebarCount: 'ALL' });
    expect(plugin.notes.map((n) => n.path)).toEqual(['plugins[0][1].showReadingTime']);
    expect(accepted(plugin.config)).toBe(true);
    const off = mapDocusaurusConfig({ ...site, presets: [['classic', { blog: false }]] });
    expect(off.config.blog).toBe(false);
    expect(accepted(off.config)).toBe(true);
  });
});
