import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import { createSiteData } from '../../../cli/render/create-site-data.js';
import { renderRoute } from '../../../cli/render/render-route.js';
import type { Route } from '../../../cli/types.js';

const body = { html: '<p>Body</p>', headings: [], links: [], assets: {}, diagnostics: [] };
const doc: Route = {
  path: '/docs/guides/formats',
  kind: 'doc',
  title: 'Formats',
  content: body,
  markdownHref: '/base/docs/guides/formats.md',
  editUrl: 'https://github.com/o/r/edit/main/content/docs/guides/formats.md',
};

function render(route: Route, settings: Record<string, unknown> = {}): string {
  const site = createSiteData(validateConfig({ title: 'Site', url: 'https://s.dev', baseUrl: '/base/', ...settings }), {
    assets: { css: [], js: [] },
  });
  return renderRoute(route, site, new Map()).html;
}

/** The menu's item labels, in order. */
function menuLabels(html: string): string[] {
  const menu = /<div class="page-actions">([\s\S]*?)<\/details>/.exec(html)?.[1] ?? '';
  return [...menu.matchAll(/<span class="page-actions-label">([^<]+)/g)].map((match) => match[1]!);
}

describe('the page actions menu', () => {
  it('sits in the title row of guides, API pages and category indexes, with every action', () => {
    const category: Route = {
      ...doc,
      path: '/docs/category/more',
      kind: 'category',
      markdownHref: '/base/docs/category/more.md',
      categoryIndex: { label: 'More', cards: [], place: { file: 'build.config.ts' } },
    };
    const api: Route = {
      ...doc,
      path: '/docs/api/classes/Camera',
      kind: 'api',
      markdownHref: '/base/docs/api/classes/Camera.md',
    };
    for (const route of [doc, api, category]) {
      const html = render(route);
      expect(html, route.kind).toMatch(
        /<header class="doc-header"><h1 class="doc-title">[^<]+<\/h1><div class="page-actions"><details><summary class="page-actions-toggle">/,
      );
      expect(menuLabels(html), route.kind).toEqual([
        'Copy page',
        'View as Markdown',
        'Open in ChatGPT',
        'Open in Claude',
        'Edit this page',
      ]);
      expect(html).toContain(`data-markdown="${route.markdownHref}"`);
    }
  });

  it('points ChatGPT and Claude at the absolute URL of the Markdown copy, in a new tab without an opener', () => {
    const html = render(doc);
    const prompt = encodeURIComponent(
      'Read https://s.dev/base/docs/guides/formats.md so I can ask questions about it.',
    );
    expect(html).toContain(
      `href="https://chatgpt.com/?hints=search&amp;q=${prompt}" target="_blank" rel="noopener noreferrer"`,
    );
    expect(html).toContain(`href="https://claude.ai/new?q=${prompt}" target="_blank" rel="noopener noreferrer"`);
    expect(html).toContain('<a class="page-actions-item" href="/base/docs/guides/formats.md">');
  });

  it('keeps "Edit this page" at the foot of the page as well', () => {
    expect(render(doc)).toContain(
      '<p class="edit-link"><a href="https://github.com/o/r/edit/main/content/docs/guides/formats.md"',
    );
  });

  it('leaves the Markdown actions out when the page has no Markdown copy (markdownPages: false)', () => {
    const { markdownHref: _, ...withoutCopy } = doc;
    const html = render(withoutCopy, { markdownPages: false });
    expect(menuLabels(html)).toEqual(['Edit this page']);
    expect(html).not.toContain('page-actions-copy');
    expect(html).not.toContain('chatgpt.com');
  });

  it('is not rendered with pageActions: false, nor for a page with nothing to offer', () => {
    expect(render(doc, { pageActions: false })).not.toContain('page-actions');
    const { markdownHref: _, editUrl: __, ...bare } = doc;
    expect(render(bare)).not.toContain('page-actions');
  });

  it('keeps its place on a page that hides its title', () => {
    const html = render({ ...doc, frontMatter: { hide_title: true } });
    expect(html).toContain('<header class="doc-header"><div class="page-actions">');
    expect(html).not.toContain('<h1');
  });
});
