import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import { createSiteData } from '../../../cli/render/create-site-data.js';
import { outputPathOf, renderRoute } from '../../../cli/render/render-route.js';
import type { Route, SidebarItem } from '../../../cli/types.js';

const config = validateConfig({
  title: 'Site </script><!--',
  tagline: 'Tag "line"',
  url: 'https://s.dev',
  announcementBar: { id: 'a</script>', content: 'Hello <b>world</b>', isCloseable: true },
  docs: { editUrl: 'https://github.com/o/r/edit/main/' },
});
const site = createSiteData(config, { assets: { css: ['/assets/s.css'], js: ['/assets/m.js'] } });
const sidebar: SidebarItem[] = [
  {
    type: 'category',
    label: 'Guides',
    collapsed: true,
    items: [
      { type: 'doc', id: 'a', label: 'A', href: '/docs/a' },
      { type: 'doc', id: 'b', label: 'B', href: '/docs/b' },
    ],
  },
];
const doc: Route = {
  path: '/docs/b',
  kind: 'doc',
  title: 'B "quoted" </title>',
  description: 'Desc with <tags> & "quotes" --> end',
  sidebar: 'main',
  breadcrumbs: [{ label: 'Guides' }, { label: 'B' }],
  previous: { label: 'A', href: '/docs/a' },
  editUrl: 'https://github.com/o/r/edit/main/content/docs/b.md',
  content: {
    html: '<p>Body</p><h2 id="one">One</h2>',
    headings: [
      { depth: 2, id: 'one', text: 'One' },
      { depth: 4, id: 'deep', text: 'Deep' },
    ],
    links: [],
    assets: {},
    diagnostics: [],
  },
};

describe('renderRoute', () => {
  const { html } = renderRoute(doc, site, new Map([['main', sidebar]]));

  it('writes a complete document with escaped title and meta', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr"')).toBe(true);
    expect(html).toContain('<title>B &quot;quoted&quot; &lt;/title&gt; | Site &lt;/script&gt;&lt;!--</title>');
    expect(html).toContain(
      '<meta name="description" content="Desc with &lt;tags&gt; &amp; &quot;quotes&quot; --&gt; end"/>',
    );
    expect(html).not.toContain('</script><!--');
  });

  it('keeps config text inside the inline theme script from closing it', () => {
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(script).toContain('a\\u003c/script>');
  });

  it('marks the current page in the sidebar and opens its category', () => {
    expect(html).toContain('<a class="menu-link active" href="/docs/b" aria-current="page">B</a>');
    expect(html).toMatch(
      /<details data-category="0" open=""><summary class="menu-link menu-category-label menu-active-trail">Guides<\/summary>/,
    );
  });

  it('renders skip link, breadcrumbs, table of contents (levels 2-3), edit link and pagination', () => {
    expect(html).toContain('<a class="skip-link" href="#main">Skip to main content</a>');
    expect(html).toContain('aria-label="Breadcrumbs"');
    expect(html).toContain('<a href="#one" class="toc-link">One</a>');
    expect(html).not.toContain('href="#deep"');
    expect(html).toContain('href="https://github.com/o/r/edit/main/content/docs/b.md"');
    expect(html).toContain('rel="prev"');
    expect(html).toContain('<button type="button" class="announcement-close" aria-label="Close announcement">');
  });

  it('maps routes to output files', () => {
    expect(outputPathOf({ path: '/', kind: 'home', title: '' })).toBe('index.html');
    expect(outputPathOf({ path: '/404', kind: 'not-found', title: '' })).toBe('404.html');
    expect(outputPathOf(doc)).toBe('docs/b/index.html');
  });
});
