import { describe, expect, it } from 'vitest';
import { rememberConfigSource } from '../../../cli/config/config-source.js';
import { validateConfig } from '../../../cli/config/load-config.js';
import { buildRoutes } from '../../../cli/routes/build-routes.js';
import { planDocs } from '../../../cli/routes/plan-docs.js';
import type { ContentFile, FrontMatter, PageContent } from '../../../cli/types.js';

function file(docPath: string, frontMatter: FrontMatter = {}): ContentFile {
  const dir = docPath.includes('/') ? docPath.slice(0, docPath.lastIndexOf('/') + 1) : '';
  const base = docPath.slice(dir.length).replace(/\.mdx?$/, '');
  return {
    path: `/site/content/docs/${docPath}`,
    file: `content/docs/${docPath}`,
    docPath,
    id: dir + (frontMatter.id ?? base),
    format: 'mdx',
    frontMatter,
    body: '',
    bodyLineOffset: 0,
    hash: docPath,
  };
}
const content = (h1?: string): PageContent => ({
  html: '<p>x</p>',
  h1,
  headings: [],
  links: [],
  assets: {},
  diagnostics: [],
});

const config = validateConfig({
  title: 'Site',
  url: 'https://site.dev',
  docs: {
    editUrl: 'https://github.com/o/r/edit/main/',
    sidebars: {
      main: [
        {
          type: 'category',
          label: 'Guides',
          items: ['guides/start', 'guides/second', { type: 'category', label: 'Deep', items: ['guides/deep/third'] }],
        },
      ],
    },
  },
});

describe('planDocs', () => {
  it('applies Docusaurus route rules: absolute and relative slugs, ids, index files, drafts', () => {
    const { docs } = planDocs(
      [
        file('guides/start.mdx', { slug: '/guides' }),
        file('guides/second.mdx', { id: 'two' }),
        file('guides/rel.md', { slug: 'custom' }),
        file('other/index.md'),
        file('guides/draft.md', { draft: true }),
      ],
      config,
    );
    expect(docs.map((d) => [d.file.id, d.path])).toEqual([
      ['guides/start', '/docs/guides'],
      ['guides/two', '/docs/guides/two'],
      ['guides/rel', '/docs/guides/custom'],
      ['other/index', '/docs/other'],
    ]);
  });

  it('warns about two docs on one route and keeps the first', () => {
    const { docs, diagnostics } = planDocs([file('a.md', { slug: '/same' }), file('b.md', { slug: '/same' })], config);
    expect(docs).toHaveLength(1);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        rule: 'duplicate-route',
        file: 'content/docs/b.md',
        message: 'route /docs/same is also produced by content/docs/a.md; this page is skipped',
      }),
    ]);
  });
});

describe('buildRoutes', () => {
  const planned = planDocs(
    [
      file('guides/start.mdx', { slug: '/guides', title: 'Start' }),
      file('guides/second.mdx', { sidebar_label: 'Two' }),
      file('guides/deep/third.md'),
    ],
    config,
  ).docs;
  const table = buildRoutes({
    config,
    configFile: 'build.config.ts',
    docs: planned.map((doc, i) => ({ doc, content: content(['Ignored', 'Second Page', 'Third'][i]) })),
    apiPages: [],
  });

  it('lists home, the /docs redirect, docs, search and 404', () => {
    expect(table.routes.map((r) => [r.kind, r.path])).toEqual([
      ['home', '/'],
      ['redirect', '/docs'],
      ['doc', '/docs/guides'],
      ['doc', '/docs/guides/second'],
      ['doc', '/docs/guides/deep/third'],
      ['search', '/search'],
      ['not-found', '/404'],
    ]);
    expect(table.routes[1].redirectTo).toBe('/docs/guides');
  });

  it('takes titles from front matter, else the first h1; labels from sidebar_label', () => {
    const second = table.routes.find((r) => r.path === '/docs/guides/second')!;
    expect(table.routes.find((r) => r.path === '/docs/guides')!.title).toBe('Start');
    expect(second.title).toBe('Second Page');
    expect(table.sidebars.get('main')![0]).toMatchObject({
      type: 'category',
      label: 'Guides',
      items: [{ label: 'Start' }, { label: 'Two' }, { type: 'category', label: 'Deep' }],
    });
  });

  it('links previous/next in sidebar order, with breadcrumbs and edit URLs', () => {
    const third = table.routes.find((r) => r.path === '/docs/guides/deep/third')!;
    expect(third.previous).toEqual({ label: 'Two', href: '/docs/guides/second' });
    expect(third.next).toBeUndefined();
    expect(third.breadcrumbs).toEqual([{ label: 'Guides' }, { label: 'Deep' }, { label: 'Third' }]);
    expect(third.editUrl).toBe('https://github.com/o/r/edit/main/content/docs/guides/deep/third.md');
  });

  it("appends the API category to the site's first sidebar when api.sidebar is unset, and to the one it names", () => {
    const apiSidebar = { type: 'category' as const, label: 'API', items: [], collapsed: true };
    const sidebarsOf = (api: Record<string, string>) =>
      buildRoutes({
        config: validateConfig({
          title: 'S',
          url: 'https://s.dev',
          api: { package: 'lib', ...api },
          docs: { sidebars: { guides: ['guides/start'], other: ['guides/second'] } },
        }),
        configFile: 'build.config.ts',
        docs: planned.slice(0, 2).map((doc) => ({ doc, content: content() })),
        apiPages: [],
        apiSidebar,
      }).sidebars;
    const unset = sidebarsOf({});
    expect(unset.get('guides')?.at(-1)).toBe(apiSidebar);
    expect([...unset.keys()]).toEqual(['guides', 'other']);
    expect(sidebarsOf({ sidebar: 'other' }).get('other')?.at(-1)).toBe(apiSidebar);
  });

  it('fails when a sidebar names a missing doc, giving the entry path in the config', () => {
    const broken = validateConfig({
      title: 'S',
      url: 'https://s.dev',
      docs: { sidebars: { main: ['guides/start', { type: 'category', label: 'C', items: ['guides/nope'] }] } },
    });
    const result = buildRoutes({
      config: broken,
      configFile: 'build.config.ts',
      docs: [{ doc: planned[0], content: content() }],
      apiPages: [],
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'sidebar-missing-doc',
        file: 'build.config.ts',
        message: "docs.sidebars.main[1].items[0]: the sidebar names doc 'guides/nope', which does not exist",
      }),
    ]);
  });

  it("places a missing doc's entry in the config source when its id is written there once", () => {
    const missing = (source: string) => {
      const broken = validateConfig({
        title: 'S',
        url: 'https://s.dev',
        docs: { sidebars: { main: ['guides/start', 'guides/nope'] } },
      });
      rememberConfigSource(broken, source);
      const [diagnostic] = buildRoutes({
        config: broken,
        configFile: 'build.config.ts',
        docs: [{ doc: planned[0], content: content() }],
        apiPages: [],
      }).diagnostics;
      return { line: diagnostic.line, column: diagnostic.column };
    };
    expect(
      missing(
        'export default {\n  docs: { sidebars: { main: [\n    \'guides/start\',\n    "guides/nope",\n  ] } },\n};\n',
      ),
    ).toEqual({ line: 4, column: 5 });
    // Written twice (say, in a comment too): which one is meant cannot be told, so no place.
    expect(
      missing(
        "// was 'guides/nope'\nexport default { docs: { sidebars: { main: ['guides/start', 'guides/nope'] } } };\n",
      ),
    ).toEqual({ line: undefined, column: undefined });
  });
});

describe('buildRoutes: sidebar categories', () => {
  const docs = planDocs(
    [
      file('guides/start.mdx', { slug: '/guides', title: 'Start', description: 'How to begin.' }),
      file('guides/second.mdx', { title: 'Second' }),
      file('guides/deep/third.md', { title: 'Third' }),
      file('guides/fourth.md', { title: 'Fourth' }),
    ],
    config,
  ).docs;
  const contents = [
    content(),
    { ...content(), excerpt: 'The first paragraph of the second page.' },
    content(),
    content(),
  ];
  const routesFor = (sidebars: unknown, source?: string) => {
    const site = validateConfig({ title: 'S', url: 'https://s.dev', baseUrl: '/b/', docs: { sidebars } });
    if (source) rememberConfigSource(site, source);
    return buildRoutes({
      config: site,
      configFile: 'build.config.ts',
      docs: docs.map((doc, i) => ({ doc, content: contents[i] })),
      apiPages: [],
    });
  };

  it('gives a generated-index category a page at /docs/category/<label>, listing its items as cards, linked like a doc', () => {
    const table = routesFor({
      main: [
        'guides/start',
        {
          type: 'category',
          label: 'Camera & Formats',
          link: { type: 'generated-index', description: 'All about capturing.' },
          items: [
            'guides/second',
            { type: 'category', label: 'Deep', items: ['guides/deep/third'] },
            { type: 'link', label: 'Example', href: 'https://example.org' },
          ],
        },
        {
          type: 'category',
          label: 'More',
          link: { type: 'generated-index', slug: '/all/more', title: 'Everything else' },
          items: ['guides/fourth'],
        },
      ],
    });
    expect(table.diagnostics).toEqual([]);
    const index = table.routes.find((r) => r.path === '/docs/category/camera--formats')!;
    expect(index).toMatchObject({
      kind: 'category',
      title: 'Camera & Formats',
      description: 'All about capturing.',
      sidebar: 'main',
    });
    expect(index.categoryIndex!.cards).toEqual([
      {
        kind: 'doc',
        label: 'Second',
        href: '/b/docs/guides/second',
        description: 'The first paragraph of the second page.',
      },
      { kind: 'category', label: 'Deep', href: '/b/docs/guides/deep/third', description: '1 item' },
      { kind: 'link', label: 'Example', href: 'https://example.org' },
    ]);
    // The sidebar label links to it; it has its place in previous/next and in the breadcrumbs of the pages inside.
    expect(table.sidebars.get('main')![1]).toMatchObject({
      type: 'category',
      label: 'Camera & Formats',
      href: '/b/docs/category/camera--formats',
    });
    expect(index.previous).toEqual({ label: 'Start', href: '/b/docs/guides' });
    expect(index.next).toEqual({ label: 'Second', href: '/b/docs/guides/second' });
    expect(index.breadcrumbs).toEqual([{ label: 'Camera & Formats' }]);
    expect(table.routes.find((r) => r.path === '/docs/guides/deep/third')!.breadcrumbs).toEqual([
      { label: 'Camera & Formats', href: '/b/docs/category/camera--formats' },
      { label: 'Deep' },
      { label: 'Third' },
    ]);
    // A slug of its own, under the docs' route base, and a title of its own.
    expect(table.routes.find((r) => r.path === '/docs/all/more')).toMatchObject({
      kind: 'category',
      title: 'Everything else',
    });
    expect(table.routes.find((r) => r.path === '/docs/guides/fourth')!.previous).toEqual({
      label: 'More',
      href: '/b/docs/all/more',
    });
  });

  it('slugs labels as Docusaurus does: a label used twice gets -1', () => {
    const category = (items: string[]) => ({
      type: 'category',
      label: 'Guides',
      link: { type: 'generated-index' },
      items,
    });
    const table = routesFor({ main: [category(['guides/start']), category(['guides/second'])] });
    expect(table.routes.filter((r) => r.kind === 'category').map((r) => r.path)).toEqual([
      '/docs/category/guides',
      '/docs/category/guides-1',
    ]);
  });

  it('refuses a generated index slug that would leave its place, at the slug in the config', () => {
    const source =
      "export default { docs: { sidebars: { main: [{ type: 'category', label: 'C', items: ['guides/start'],\n  link: { type: 'generated-index', slug: '../../etc' } }] } } };\n";
    const table = routesFor(
      {
        main: [
          {
            type: 'category',
            label: 'C',
            items: ['guides/start'],
            link: { type: 'generated-index', slug: '../../etc' },
          },
        ],
      },
      source,
    );
    expect(table.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'invalid-route',
        file: 'build.config.ts',
        line: 2,
        column: 42,
        message:
          "docs.sidebars.main[0].link: the generated index's route /docs/../../etc must not contain '..' segments",
      }),
    ]);
    expect(table.routes.some((r) => r.kind === 'category')).toBe(false);
  });

  it('keeps a category that cannot collapse open, whatever collapsed says', () => {
    const table = routesFor({
      main: [{ type: 'category', label: 'Fixed', collapsible: false, collapsed: true, items: ['guides/start'] }],
    });
    expect(table.sidebars.get('main')![0]).toEqual({
      type: 'category',
      label: 'Fixed',
      collapsed: false,
      collapsible: false,
      items: [{ type: 'doc', id: 'guides/start', label: 'Start', href: '/b/docs/guides' }],
    });
  });

  it('leaves out a category with no items, saying so, unless it links to a doc (then it is that doc)', () => {
    const table = routesFor({
      main: [
        { type: 'category', label: 'Nothing', items: [] },
        { type: 'category', label: 'Empty index', link: { type: 'generated-index' }, items: [] },
        { type: 'category', label: 'Just a doc', link: { type: 'doc', id: 'guides/second' }, items: [] },
        { type: 'category', label: 'Broken', items: ['guides/nope'] },
        'guides/start',
      ],
    });
    expect(table.sidebars.get('main')).toEqual([
      { type: 'doc', id: 'guides/second', label: 'Just a doc', href: '/b/docs/guides/second' },
      { type: 'doc', id: 'guides/start', label: 'Start', href: '/b/docs/guides' },
    ]);
    expect(table.routes.some((r) => r.kind === 'category')).toBe(false);
    expect(table.diagnostics.map((d) => [d.severity, d.rule, d.message])).toEqual([
      [
        'warning',
        'empty-category',
        "docs.sidebars.main[0]: the category 'Nothing' has no items; it is left out of the sidebar",
      ],
      [
        'warning',
        'empty-category',
        "docs.sidebars.main[1]: the category 'Empty index' has no items (so no generated index either); it is left out of the sidebar",
      ],
      // The missing doc is the reason, and reported as such: no second message.
      [
        'error',
        'sidebar-missing-doc',
        "docs.sidebars.main[3].items[0]: the sidebar names doc 'guides/nope', which does not exist",
      ],
    ]);
  });
});
