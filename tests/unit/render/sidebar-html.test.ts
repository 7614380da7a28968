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
      { type: 'category', label: 'Deep', collapsed: true, href: '/docs/deep', items: [{ type: 'doc', id: 'b', label: 'B "quoted"', href: '/docs/b?x=1&y=2' }] },
    ],
  },
  { type: 'category', label: 'Closed', collapsed: true, items: [{ type: 'doc', id: 'c', label: 'C', href: '/docs/c' }] },
  { type: 'link', label: 'GitHub', href: 'https://github.com/x/y' },
];

describe('SidebarHtml', () => {
  const cache = new SidebarHtml(new Map([['main', items]]));

  it.each(['/docs/intro', '/docs/a', '/docs/deep', '/docs/b?x=1&y=2', '/docs/c', '/docs/elsewhere'])(
    'marks %s exactly as rendering the whole sidebar for that page would',
    (url) => {
      expect(cache.for('main', url)).toBe(renderToStaticMarkup(createElement(Sidebar, { items, url })));
    },
  );

  it('knows nothing of sidebars that do not exist', () => {
    expect(cache.for('other', '/docs/a')).toBeUndefined();
  });
});
