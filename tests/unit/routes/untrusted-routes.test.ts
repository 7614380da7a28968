import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import { buildRoutes } from '../../../cli/routes/build-routes.js';
import { planDocs } from '../../../cli/routes/plan-docs.js';
import { encodeRoutePath, findIdProblem, findRouteTextProblem, routeUrl } from '../../../cli/route-text.js';
import type { ContentFile, FrontMatter, PageContent } from '../../../cli/types.js';

function file(docPath: string, frontMatter: FrontMatter = {}, routeKeyLine?: number): ContentFile {
  const dir = docPath.includes('/') ? docPath.slice(0, docPath.lastIndexOf('/') + 1) : '';
  const base = docPath.slice(dir.length).replace(/\.mdx?$/, '');
  return {
    path: `/site/content/docs/${docPath}`,
    file: `content/docs/${docPath}`,
    docPath,
    id: dir + (frontMatter.id ?? base),
    format: 'md',
    frontMatter,
    body: '',
    bodyLineOffset: 0,
    routeKeyLine,
    hash: docPath,
  };
}
const content = (): PageContent => ({ html: '<p>x</p>', headings: [], links: [], assets: {}, diagnostics: [] });

describe('route text', () => {
  it.each([
    ['100%', "contains '%', which cannot be part of a page URL"],
    ['a#b', "contains '#', which cannot be part of a page URL"],
    ['what?', "contains '?', which cannot be part of a page URL"],
    ['a\\b', "contains '\\', which cannot be part of a page URL"],
    ['/docs/%2e%2e', "contains '%', which cannot be part of a page URL"],
    ['/./.', "must not contain '.' segments"],
    ['/guides/..', "must not contain '..' segments"],
    ['tab\there', 'contains the control character U+0009'],
    ['\u0085', 'contains the control character U+0085'],
    ['\udc00x', 'contains an unpaired UTF-16 surrogate, which no URL can carry'],
    [
      '/guides/index.html',
      "ends in '/index.html', which names a file: docsgen writes each page to <its route>/index.html itself and links to it as <its route>; leave '/index.html' out",
    ],
    [
      'index.html',
      "ends in 'index.html', which names a file: docsgen writes each page to <its route>/index.html itself and links to it as <its route>; leave 'index.html' out",
    ],
    [
      '/guides/Index.HTML//',
      "ends in '/Index.HTML', which names a file: docsgen writes each page to <its route>/index.html itself and links to it as <its route>; leave '/Index.HTML' out",
    ],
    [
      '/guides/page.html',
      "ends in '.html', which names a file: docsgen writes each page to <its route>/index.html itself and links to it as <its route>; leave '.html' out",
    ],
    [
      '.html',
      "ends in '.html', which names a file: docsgen writes each page to <its route>/index.html itself and links to it as <its route>; leave '.html' out",
    ],
  ])('refuses %j: %s', (text, problem) => {
    expect(findRouteTextProblem(text)).toBe(problem);
  });

  it.each([
    '/docs/guides/a b',
    'café',
    'カメラ',
    '/v1.2/x',
    '..x',
    '.hidden',
    "it's (x)",
    'a+b&c',
    'emoji 📷',
    '/old/index.htm',
    '/v1.html/page',
    'html',
    '/x/index',
  ])('accepts %j', (text) => {
    expect(findRouteTextProblem(text)).toBeUndefined();
  });

  it('refuses ids with slashes or nothing in them', () => {
    expect([
      findIdProblem('a/b'),
      findIdProblem('a\\b'),
      findIdProblem(''),
      findIdProblem('  '),
      findIdProblem('..'),
      findIdProblem('x'),
    ]).toEqual([
      'must not contain slashes',
      'must not contain slashes',
      'must not be empty',
      'must not be empty',
      "must not contain '..' segments",
      undefined,
    ]);
  });

  it('percent-encodes routes for hrefs, one to one with the text', () => {
    expect(encodeRoutePath('/docs/guides/a b')).toBe('/docs/guides/a%20b');
    expect(encodeRoutePath('/docs/カメラ')).toBe('/docs/%E3%82%AB%E3%83%A1%E3%83%A9');
    expect(encodeRoutePath("/docs/it's (x)/a+b&c:d@e")).toBe("/docs/it's%20(x)/a+b&c:d@e");
    expect(encodeRoutePath('/docs/📷"<>')).toBe('/docs/%F0%9F%93%B7%22%3C%3E');
    expect(encodeRoutePath('/x/\ud800')).toBe('/x/%EF%BF%BD');
    for (const text of ['/docs/guides/a b', '/docs/カメラ/café', '/docs/📷 x'])
      expect(decodeURIComponent(encodeRoutePath(text))).toBe(text);
    expect(routeUrl('/base/', '/docs/café')).toBe('/base/docs/caf%C3%A9');
    expect(routeUrl('/', '/')).toBe('/');
  });
});

const config = validateConfig({
  title: 'Site',
  url: 'https://site.dev',
  docs: {
    editUrl: 'https://github.com/o/r/edit/main/',
    sidebars: { main: ['guides/start', 'guides/café', 'guides/カメラ', 'guides/a b'] },
  },
});

describe('planDocs with untrusted file names', () => {
  it('refuses routes that file or folder names make unusable, naming the character', () => {
    const { docs, diagnostics } = planDocs(
      [
        file('guides/100%.md'),
        file('guides/a#b.md'),
        file('guides/what?.md'),
        file('guides/a\\b.md'),
        file('x%y/page.md', { id: 'page' }),
        file('guides/ok.md'),
      ],
      config,
    );
    expect(diagnostics.map((d) => [d.rule, d.file, d.message])).toEqual([
      [
        'invalid-route',
        'content/docs/guides/100%.md',
        "the page's route /docs/guides/100% contains '%', which cannot be part of a page URL",
      ],
      [
        'invalid-route',
        'content/docs/guides/a#b.md',
        "the page's route /docs/guides/a#b contains '#', which cannot be part of a page URL",
      ],
      [
        'invalid-route',
        'content/docs/guides/what?.md',
        "the page's route /docs/guides/what? contains '?', which cannot be part of a page URL",
      ],
      [
        'invalid-route',
        'content/docs/guides/a\\b.md',
        "the page's route /docs/guides/a\\b contains '\\', which cannot be part of a page URL",
      ],
      [
        'invalid-route',
        'content/docs/x%y/page.md',
        "the page's route /docs/x%y/page contains '%', which cannot be part of a page URL",
      ],
    ]);
    expect(
      diagnostics.every(
        (d) => d.severity === 'error' && d.hint?.startsWith('rename the file or its folder, or give the page a `slug`'),
      ),
    ).toBe(true);
    // The pages stay (errors stop the build), so links naming them are not reported as broken too.
    expect(docs).toHaveLength(6);
  });

  it('gives an absolute slug the last word over a file name', () => {
    expect(planDocs([file('guides/100%.md', { slug: '/guides/percent' })], config)).toMatchObject({
      docs: [{ path: '/docs/guides/percent' }],
      diagnostics: [],
    });
  });

  it('keeps routes with spaces and any letters as text', () => {
    const { docs, diagnostics } = planDocs(
      [file('guides/a b.md'), file('guides/café.md'), file('guides/カメラ.md')],
      config,
    );
    expect(diagnostics).toEqual([]);
    expect(docs.map((d) => d.path)).toEqual(['/docs/guides/a b', '/docs/guides/café', '/docs/guides/カメラ']);
  });

  it('places a duplicate route at the slug that made it', () => {
    const { diagnostics } = planDocs([file('a.md', { slug: '/same' }, 2), file('b.md', { slug: '/same' }, 4)], config);
    expect(diagnostics).toEqual([
      expect.objectContaining({ rule: 'duplicate-route', file: 'content/docs/b.md', line: 4 }),
    ]);
  });
});

describe('buildRoutes with routes that need encoding', () => {
  const planned = planDocs(
    [
      file('guides/start.md', { slug: '/guides' }),
      file('guides/café.md'),
      file('guides/カメラ.md'),
      file('guides/a b.md'),
    ],
    config,
  ).docs;
  const table = buildRoutes({
    config,
    configFile: 'build.config.ts',
    docs: planned.map((doc) => ({ doc, content: content() })),
    apiPages: [],
  });
  const route = (p: string) => table.routes.find((r) => r.path === p)!;

  it('keeps route paths as text (they name the output files) and percent-encodes every href', () => {
    expect(table.routes.map((r) => r.path)).toContain('/docs/guides/カメラ');
    expect(table.sidebars.get('main')!.map((item) => (item.type === 'doc' ? item.href : undefined))).toEqual([
      '/docs/guides',
      '/docs/guides/caf%C3%A9',
      '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9',
      '/docs/guides/a%20b',
    ]);
    expect(route('/docs/guides/カメラ')).toMatchObject({
      sidebar: 'main',
      previous: { href: '/docs/guides/caf%C3%A9' },
      next: { href: '/docs/guides/a%20b' },
      editUrl: 'https://github.com/o/r/edit/main/content/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9.md',
    });
  });

  it('redirects /docs to the main doc with an encoded URL', () => {
    const main = validateConfig({ title: 'S', url: 'https://s.dev', docs: { mainDocId: 'guides/カメラ' } });
    const routes = buildRoutes({
      config: main,
      configFile: 'build.config.ts',
      docs: planned.map((doc) => ({ doc, content: content() })),
      apiPages: [],
    }).routes;
    expect(routes.find((r) => r.kind === 'redirect')).toMatchObject({
      path: '/docs',
      redirectTo: '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9',
    });
  });

  it('leaves /docs to a doc whose route it is, instead of writing a redirect over it', () => {
    const docs = planDocs(
      [file('guides/start.md', { slug: '/guides' }), file('guides/root.md', { slug: '/' })],
      config,
    ).docs;
    const routes = buildRoutes({
      config,
      configFile: 'build.config.ts',
      docs: docs.map((doc) => ({ doc, content: content() })),
      apiPages: [],
    }).routes;
    expect(routes.filter((r) => r.path === '/docs').map((r) => [r.kind, r.file])).toEqual([
      ['doc', 'content/docs/guides/root.md'],
    ]);
  });
});
