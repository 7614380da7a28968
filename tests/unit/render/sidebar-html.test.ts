import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SidebarHtml } from '../../../cli/render/sidebar-html.js';
import type { SidebarItem } from '../../../cli/types.js';
import { Sidebar } from '../../../templates/Sidebar.js';

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
          { type: 'category', label: 'Deeper', collapsed: true, items: [{ type: 'doc', id: 'd', label: 'D', href: '/docs/d' }] },
        ],
      },
    ],
  },
  { type: 'category', label: 'Closed', collapsed: true, items: [{ type: 'doc', id: 'c', label: 'C', href: '/docs/c' }] },
  { type: 'link', label: 'GitHub', href: 'https://github.com/x/y' },
];

describe('SidebarHtml', () => {
  const cache = new SidebarHtml(new Map([['main', items]]), '/base/');
  const fragments = cache.fragmentsUrl('main')!;

  it.each(['/docs/intro', '/docs/a', '/docs/deep', '/docs/b?x=1&y=2', '/docs/d', '/docs/c', '/docs/elsewhere'])(
    'marks %s exactly as rendering the whole sidebar for that page would',
    (url) => {
      expect(cache.for('main', url)).toBe(renderToStaticMarkup(createElement(Sidebar, { items, url, fragments })));
    },
  );

  it('leaves collapsed categories away from the page empty and writes their items as fragments', () => {
    const html = cache.for('main', '/docs/intro')!;
    expect(html).not.toContain('/docs/c"');
    expect(html).toContain('<ul class="menu-list" data-lazy="3"></ul>');
    expect(fragments).toMatch(/^\/base\/assets\/sidebar\/main-[0-9a-f]{10}\/$/);
    const files = cache.files();
    expect([...files.keys()].map((f) => f.replace(/main-[0-9a-f]+/, 'main-H'))).toEqual(['assets/sidebar/main-H/1.html', 'assets/sidebar/main-H/2.html', 'assets/sidebar/main-H/3.html']);
    expect(files.get(`${fragments.slice('/base/'.length)}3.html`)).toBe('<ul class="menu-list"><li><a class="menu-link" href="/docs/c">C</a></li></ul>');
  });

  it('knows nothing of sidebars that do not exist', () => {
    expect(cache.for('other', '/docs/a')).toBeUndefined();
  });
});
