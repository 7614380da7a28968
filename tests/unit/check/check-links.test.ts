import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../../cli/check/check-links.js';
import { extractHtmlRefs } from '../../../cli/render/extract-html-refs.js';
import type { Route } from '../../../cli/types.js';

const page = (
  path: string,
  html: string,
  links: Route['content'] extends infer C ? (C extends { links: infer L } ? L : never) : never = [],
) => {
  const route: Route = {
    path,
    kind: 'doc',
    title: path,
    file: `content${path}.md`,
    content: { html, headings: [], links, assets: {}, diagnostics: [] },
  };
  return { route, refs: extractHtmlRefs(html) };
};

describe('checkLinks', () => {
  const settings = { baseUrl: '/', onBrokenLinks: 'throw', onBrokenAnchors: 'warn' } as const;

  it('accepts links to routes, anchors from ids (members with both cases) and output files', () => {
    const pages = [
      page(
        '/docs/a',
        '<a href="/docs/b#takephoto">x</a><a href="/docs/b#takePhoto">y</a><a href="#top">t</a><img src="/img/x.png"><h2 id="top">T</h2>',
      ),
      page(
        '/docs/b',
        '<h3 id="takephoto"><span id="takePhoto"></span>takePhoto()</h3><a href="/docs/a/index.html">idx</a><a href="/docs/a.html">html</a>',
      ),
    ];
    expect(checkLinks({ config: settings, pages, files: new Set(['img/x.png']) })).toEqual([]);
  });

  it('reports broken links at the source line and broken anchors as warnings', () => {
    const pages = [
      page('/docs/a', '<a href="/docs/missing">m</a><a href="/docs/b#nope">n</a>', [
        { url: '/docs/missing', href: '/docs/missing', kind: 'link', line: 3, column: 5 },
        { url: '/docs/b#nope', href: '/docs/b#nope', kind: 'link', line: 7, column: 1 },
      ]),
      page('/docs/b', '<h2 id="yes">Y</h2>'),
    ];
    expect(checkLinks({ config: settings, pages, files: new Set() })).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'broken-link',
        file: 'content/docs/a.md',
        line: 3,
        column: 5,
        target: '/docs/missing',
      }),
      expect.objectContaining({
        severity: 'warning',
        rule: 'broken-anchor',
        file: 'content/docs/a.md',
        line: 7,
        target: '/docs/b#nope',
      }),
    ]);
  });

  it('honours the configured severities and baseUrl', () => {
    const pages = [
      page(
        '/docs/a',
        '<a href="/base/docs/b">ok</a><a href="/docs/b">outside base</a><a href="/base/docs/b#x">anchor</a>',
      ),
      page('/docs/b', ''),
    ];
    const ignoreAnchors = { baseUrl: '/base/', onBrokenLinks: 'warn', onBrokenAnchors: 'ignore' } as const;
    const result = checkLinks({ config: ignoreAnchors, pages, files: new Set() });
    expect(result).toEqual([expect.objectContaining({ severity: 'warning', rule: 'broken-link', target: '/docs/b' })]);
  });

  it('resolves a relative URL against the page, as the browser does', () => {
    const pages = [
      page(
        '/docs/guides/a',
        '<video src="clip.mp4"></video><img srcset="../img/x.png 2x"><a href="?tab=2">tab</a><a href="b#top">b</a><video src="gone.mp4"></video>',
      ),
      page('/docs/guides/b', '<h2 id="top">T</h2>'),
    ];
    const result = checkLinks({ config: settings, pages, files: new Set(['docs/guides/clip.mp4', 'docs/img/x.png']) });
    expect(result).toEqual([expect.objectContaining({ rule: 'broken-link', target: 'gone.mp4' })]);
  });

  it('reports a link coming from the theme once, not once per page', () => {
    const nav = '<a href="/docs/gone">nav</a>';
    const result = checkLinks({
      config: settings,
      pages: [page('/docs/a', nav), page('/docs/b', nav)],
      files: new Set(),
    });
    expect(result).toHaveLength(1);
    expect(result[0].hint).toBe('this link comes from the config (navbar, footer or sidebar)');
  });
});
