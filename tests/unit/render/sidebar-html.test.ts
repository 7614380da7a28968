import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SidebarHtml } from '../../../cli/render/sidebar-html.js';
import type { SidebarItem } from '../../../cli/types.js';
import { Sidebar } from '../../../templates/theme/Sidebar.js';

const items: SidebarItem[] = [
  { type: 'doc', id: 'intro', label: 'Intro', href: '/docs/intro' },
  {
    type: 'category',
    label: 'Guides & more',
    collapsed: false,
    items: [
      { type: 'doc', id: 'a', label: 'A', href: '/docs/a' },
      {
        type: 'category',
        label: 'Deep',
        collapsed: true,
        href: '/docs/deep',
        items: [
          { type: 'doc', id: 'b', label: 'B "quoted"', href: '/docs/b?x=1&y=2' },
          {
            type: 'category',
            label: 'Deeper',
            collapsed: true,
            items: [{ type: 'doc', id: 'd', label: 'D', href: '/docs/d' }],
          },
        ],
      },
    ],
  },
  {
    type: 'category',
    label: 'Closed',
    collapsed: true,
    items: [{ type: 'doc', id: 'c', label: 'C', href: '/docs/c' }],
  },
  {
    type: 'category',
    label: 'Always open',
    collapsed: false,
    collapsible: false,
    href: '/docs/always',
    items: [{ type: 'doc', id: 'e', label: 'E', href: '/docs/e' }],
  },
  {
    type: 'category',
    label: 'Folded',
    collapsed: true,
    items: [
      {
        type: 'category',
        label: 'Fixed inside',
        collapsed: false,
        collapsible: false,
        items: [{ type: 'doc', id: 'g', label: 'G $& co', href: '/docs/g$&x' }],
      },
    ],
  },
  { type: 'link', label: 'GitHub', href: 'https://github.com/x/y' },
];

describe('SidebarHtml', () => {
  const cache = new SidebarHtml(new Map([['main', items]]), '/base/');
  const fragments = cache.fragmentsUrl('main')!;

  it.each([
    '/docs/intro',
    '/docs/a',
    '/docs/deep',
    '/docs/b?x=1&y=2',
    '/docs/d',
    '/docs/c',
    '/docs/always',
    '/docs/e',
    '/docs/g$&x',
    '/docs/elsewhere',
  ])('marks %s exactly as rendering the whole sidebar for that page would', (url) => {
    expect(cache.for('main', url)).toBe(renderToStaticMarkup(createElement(Sidebar, { items, url, fragments })));
  });

  it('leaves collapsed categories away from the page empty and writes their items as fragments', () => {
    const html = cache.for('main', '/docs/intro')!;
    expect(html).not.toContain('/docs/c"');
    expect(html).toContain('<ul class="menu-list" data-lazy="3"></ul>');
    expect(fragments).toMatch(/^\/base\/assets\/sidebar\/main-[0-9a-f]{10}\/$/);
    const files = cache.files();
    expect([...files.keys()].map((f) => f.replace(/main-[0-9a-f]+/, 'main-H'))).toEqual([
      'assets/sidebar/main-H/1.html',
      'assets/sidebar/main-H/2.html',
      'assets/sidebar/main-H/3.html',
      'assets/sidebar/main-H/5.html',
    ]);
    expect(files.get(`${fragments.slice('/base/'.length)}3.html`)).toBe(
      '<ul class="menu-list"><li><a class="menu-link" href="/docs/c">C</a></li></ul>',
    );
  });

  it('renders a category that cannot collapse with no toggle, its items always shown (also inside a lazy fragment)', () => {
    const html = cache.for('main', '/docs/intro')!;
    expect(html).toContain(
      '<li class="menu-category"><div data-category="4" class="menu-link menu-category-label menu-category-fixed"><a href="/docs/always">Always open</a></div><ul class="menu-list"><li><a class="menu-link" href="/docs/e">E</a></li></ul></li>',
    );
    expect(html).not.toContain('<details data-category="4"');
    expect(cache.files().get(`${fragments.slice('/base/'.length)}5.html`)).toBe(
      '<ul class="menu-list"><li class="menu-category"><div data-category="6" class="menu-link menu-category-label menu-category-fixed">Fixed inside</div><ul class="menu-list"><li><a class="menu-link" href="/docs/g$&amp;x">G $&amp; co</a></li></ul></li></ul>',
    );
    // On a page inside it, its label is marked as the trail; on its own page, its link is the current page.
    expect(cache.for('main', '/docs/e')).toContain(
      '<div data-category="4" class="menu-link menu-category-label menu-category-fixed menu-active-trail"><a href="/docs/always">',
    );
    expect(cache.for('main', '/docs/always')).toContain(
      'menu-active-trail"><a href="/docs/always" aria-current="page">Always open</a></div>',
    );
  });

  it('knows nothing of sidebars that do not exist', () => {
    expect(cache.for('other', '/docs/a')).toBeUndefined();
  });
});
