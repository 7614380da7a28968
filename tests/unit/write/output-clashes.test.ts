import { describe, expect, it } from 'vitest';
import { findOutputClashes, generatedClaims } from '../../../cli/write/output-clashes.js';
import type { Route } from '../../../cli/types.js';

const doc = (path: string, file: string): Route => ({ path, kind: 'doc', title: 'T', file });
const SITE: Route[] = [
  { path: '/', kind: 'home', title: 'Home' },
  { path: '/docs', kind: 'redirect', title: 'Docs', redirectTo: '/docs/guides' },
  doc('/docs/guides', 'content/docs/guides/intro.md'),
  { path: '/docs/api/classes/Camera', kind: 'api', title: 'Camera' },
  { path: '/search', kind: 'search', title: 'Search' },
  { path: '/404', kind: 'not-found', title: 'Not found' },
];
const GENERATED = generatedClaims({
  sitemap: 'sitemap.xml',
  assets: ['assets/main.ABC.js'],
  sidebarFiles: ['assets/sidebar/main-1234/0.html'],
  copies: [['/site/content/docs/guides/shot.png', 'assets/images/shot-1234abcd.png']],
  root: '/site',
});

/** The clash messages for the site plus these routes and public files, each as `file:line  message`. */
function clashes(extra: Route[], publicFiles: string[] = [], routeLines = new Map<string, number>()): string[] {
  return findOutputClashes({
    routes: [...SITE, ...extra],
    routeLines,
    staticFiles: publicFiles.map((file) => ({ path: file, dir: 'public' })),
    generated: GENERATED,
    configFile: 'build.config.ts',
  }).map((d) => `${[d.file, d.line].filter((p) => p !== undefined).join(':')}  ${d.message}`);
}

describe('findOutputClashes', () => {
  it('finds none in a site whose sources each write their own files', () => {
    expect(
      clashes(
        [doc('/docs/guides/second', 'content/docs/guides/second.md')],
        ['img/logo.svg', 'robots.txt', 'docs/guides/notes.txt'],
      ),
    ).toEqual([]);
  });

  it('refuses a doc on the path of a generated page, naming both, at the line that decided the route', () => {
    const lines = new Map([['content/docs/evil.md', 3]]);
    expect(clashes([doc('/', 'content/docs/evil.md')], [], lines)).toEqual([
      'content/docs/evil.md:3  index.html would be written twice: by the home page and by content/docs/evil.md (route /)',
    ]);
    expect(clashes([doc('/docs', 'content/docs/evil.md')])).toEqual([
      'content/docs/evil.md  docs/index.html would be written twice: by the redirect /docs and by content/docs/evil.md (route /docs)',
    ]);
    expect(clashes([doc('/search', 'content/docs/evil.md')])).toEqual([
      'content/docs/evil.md  search/index.html would be written twice: by the search page and by content/docs/evil.md (route /search)',
    ]);
    expect(clashes([doc('/docs/api/classes/Camera', 'content/docs/api/classes/Camera.md')])).toEqual([
      'content/docs/api/classes/Camera.md  docs/api/classes/Camera/index.html would be written twice: by the API page /docs/api/classes/Camera and by content/docs/api/classes/Camera.md (route /docs/api/classes/Camera)',
    ]);
  });

  it("refuses a sidebar category's generated index on the route of a doc, at the category's place in the config", () => {
    const index: Route = {
      path: '/docs/guides',
      kind: 'category',
      title: 'Guides',
      categoryIndex: { label: 'Guides', cards: [], place: { file: 'build.config.ts', line: 12, column: 7 } },
    };
    const found = findOutputClashes({
      routes: [...SITE, index],
      staticFiles: [],
      generated: GENERATED,
      configFile: 'build.config.ts',
    });
    expect(found).toEqual([
      {
        severity: 'error',
        rule: 'output-clash',
        message:
          "docs/guides/index.html would be written twice: by content/docs/guides/intro.md (route /docs/guides) and by the generated index of the sidebar category 'Guides' (route /docs/guides)",
        file: 'build.config.ts',
        line: 12,
        column: 7,
        hint: "give the category's generated index another `slug` in the config (link: {type: 'generated-index', slug}), or change the other page's `slug` or `id`",
      },
    ]);
  });

  it('refuses a doc on a generated file, or one that needs a generated file to be a folder', () => {
    expect(clashes([doc('/sitemap.xml', 'content/docs/sm.md')])).toEqual([
      'content/docs/sm.md  content/docs/sm.md (route /sitemap.xml) needs sitemap.xml/ to be a folder, but the sitemap writes a file there',
    ]);
    expect(clashes([doc('/search/x', 'content/docs/x.md')])).toEqual([
      'content/docs/x.md  search/x/index.html would be written into search/, which belongs to the search index',
    ]);
  });

  it('refuses a file of public/ on a page or a generated file, naming both', () => {
    expect(
      clashes(
        [],
        [
          'index.html',
          '404.html',
          'sitemap.xml',
          'docs/guides/index.html',
          'assets/main.ABC.js',
          'search/settings.json',
        ],
      ),
    ).toEqual([
      'public/index.html  index.html would be written twice: by the home page and by public/index.html',
      'public/404.html  404.html would be written twice: by the 404 page and by public/404.html',
      'content/docs/guides/intro.md  docs/guides/index.html would be written twice: by content/docs/guides/intro.md (route /docs/guides) and by public/docs/guides/index.html',
      'public/assets/main.ABC.js  assets/main.ABC.js would be written twice: by public/assets/main.ABC.js and by the client bundle',
      'public/sitemap.xml  sitemap.xml would be written twice: by public/sitemap.xml and by the sitemap',
      'public/search/settings.json  search/settings.json would be written into search/, which belongs to the search index',
    ]);
  });

  it('refuses a file of public/ where a page needs a folder (the build used to fail writing it, with a misleading hint)', () => {
    expect(clashes([doc('/docs/guides/second', 'content/docs/guides/second.md')], ['docs/guides/second'])).toEqual([
      'content/docs/guides/second.md  content/docs/guides/second.md (route /docs/guides/second) needs docs/guides/second/ to be a folder, but public/docs/guides/second writes a file there',
    ]);
  });

  it('refuses two docs whose routes differ as text but write one file', () => {
    expect(clashes([doc('/docs/guides/x', 'content/docs/a.md'), doc('/docs/guides/x/.', 'content/docs/b.md')])).toEqual(
      [
        'content/docs/b.md  content/docs/b.md (route /docs/guides/x/.) would be written to docs/guides/x/./index.html, outside its own place in the output',
      ],
    );
    expect(clashes([doc('/docs/..', 'content/docs/up.md')])).toEqual([
      'content/docs/up.md  content/docs/up.md (route /docs/..) would be written to docs/../index.html, outside its own place in the output',
    ]);
  });

  it('lets content images of one name share their file (they are named by their bytes)', () => {
    const generated = generatedClaims({
      sitemap: 'sitemap.xml',
      assets: [],
      copies: [
        ['/site/a/shot.png', 'assets/images/shot-1234abcd.png'],
        ['/site/b/shot.png', 'assets/images/shot-1234abcd.png'],
      ],
      root: '/site',
    });
    expect(findOutputClashes({ routes: SITE, staticFiles: [], generated, configFile: 'build.config.ts' })).toEqual([]);
  });

  // Issue 29's proof: `static/llms.txt` on a Docusaurus site was told to "rename or remove the file in public/".
  it('says what to change about each source: the static file by its own folder, the config switch of a generated file', () => {
    const hints = (routes: Route[], files: { path: string; dir: string }[], markdown: [string, string][] = []) =>
      findOutputClashes({
        routes: [...SITE, ...routes],
        staticFiles: files,
        generated: generatedClaims({ sitemap: 'sitemap.xml', assets: [], copies: [], root: '/site', markdown }),
        configFile: 'build.config.ts',
      }).map((d) => d.hint);
    expect(hints([], [{ path: 'llms.txt', dir: 'static' }], [['llms.txt', 'llms.txt']])).toEqual([
      'every output file must come from one source: rename or remove static/llms.txt, or turn off `llmsTxt` in the config',
    ]);
    expect(
      hints([], [{ path: 'docs/guides.md', dir: 'assets' }], [['docs/guides.md', 'the Markdown copy of /docs/guides']]),
    ).toEqual([
      'every output file must come from one source: rename or remove assets/docs/guides.md, or turn off `markdownPages` in the config',
    ]);
    expect(hints([doc('/docs/guides', 'content/docs/other.md')], [])).toEqual([
      "every output file must come from one source: change the page's `slug` or `id`",
    ]);
    expect(hints([], [{ path: 'index.html', dir: 'static' }])).toEqual([
      'every output file must come from one source: rename or remove static/index.html',
    ]);
  });
});
