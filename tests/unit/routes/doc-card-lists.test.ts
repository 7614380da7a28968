import { describe, expect, it } from 'vitest';
import { docCardListMarker } from '../../../cli/markdown/doc-card-marker.js';
import { withDocCards } from '../../../cli/render/doc-cards-html.js';
import { attachDocCards } from '../../../cli/routes/doc-card-lists.js';
import type { Route, SidebarItem } from '../../../cli/types.js';

const url = (p: string) => p;
const cardsOf = (category: Extract<SidebarItem, { type: 'category' }>) =>
  category.items.flatMap((item) =>
    item.type === 'html'
      ? []
      : [{ kind: 'doc' as const, label: item.label, href: item.type === 'category' ? '' : item.href }],
  );
const doc = (path: string, html: string): Route => ({
  path,
  kind: 'doc',
  title: path,
  file: `content/docs${path}.mdx`,
  content: { html, headings: [], links: [], assets: {}, diagnostics: [] },
});
const sidebars = new Map<string, SidebarItem[]>([
  [
    'docs',
    [
      {
        type: 'category',
        label: 'Setup',
        collapsed: false,
        href: '/setup',
        items: [{ type: 'doc', id: 'setup/android', label: 'Android & more', href: '/setup/android' }],
      },
    ],
  ],
]);

describe('DocCardList', () => {
  it('shows the cards of the category whose page the doc is, where the element was', () => {
    const route = doc('/setup', `<p>Pick.</p>\n${docCardListMarker(9)}\n<p>After.</p>`);
    expect(attachDocCards([route], sidebars, url, cardsOf)).toEqual([]);
    const html = withDocCards(route).content!.html;
    expect(html).toBe(
      '<p>Pick.</p>\n<ul class="category-cards"><li><a class="category-card category-card-doc" href="/setup/android"><span class="category-card-title">Android &amp; more</span></a></li></ul>\n<p>After.</p>',
    );
    // The compiled page (perhaps the cache's) keeps its marker.
    expect(route.content!.html).toContain(docCardListMarker(9));
  });

  it('is an error at the element in a doc no category links to, and shows nothing there', () => {
    const route = doc('/setup/android', `<p>x</p>${docCardListMarker(12)}`);
    expect(attachDocCards([route], sidebars, url, cardsOf)).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'content/docs/setup/android.mdx',
        line: 12,
        message:
          '<DocCardList /> lists the items of the sidebar category this doc is the page of, and no category links to this doc',
      }),
    ]);
    expect(withDocCards(route).content!.html).toBe('<p>x</p>');
  });
});
