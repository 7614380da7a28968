/**
 * Docusaurus sites build unchanged (issue 19 §5): every fixture site of
 * tests/fixtures/docusaurus/ builds, no page of it shows MDX source as text,
 * and the pages it pins match their expected HTML.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  builtPages,
  findSourceAsText,
  listFixtures,
  markdownFragment,
  pinnedDiagnostics,
  pinnedRoutes,
  readPinned,
} from '../helpers/docusaurus-fixtures.js';

describe('the source-as-text detector', () => {
  const page = (body: string) => `<html><body><article><div class="markdown">${body}</div></article></body></html>`;

  it('finds import lines, JSX tags, admonition fences and magic comments shown as text', () => {
    expect(findSourceAsText(page("<p>import Tabs from '@theme/Tabs';</p>"))).toEqual(['an import line']);
    expect(findSourceAsText(page('<p>&lt;TabItem value="a"&gt;</p>'))).toEqual(['a JSX tag']);
    expect(findSourceAsText(page('<p>:::tip</p>'))).toEqual(['an admonition fence']);
    expect(findSourceAsText(page('<pre><code>// highlight-next-line\nx()</code></pre>'))).toEqual(['a magic comment']);
    expect(findSourceAsText(page('<tabs><tabitem>a</tabitem></tabs>'))).toEqual(['a <tabs> element']);
  });

  it("finds what a Docusaurus plugin's missing output leaves: an empty code block, a link with no target", () => {
    expect(findSourceAsText(page('<div class="code-block"><pre class="shiki"><code></code></pre></div>'))).toEqual([
      'an empty code block',
    ]);
    expect(findSourceAsText(page('<p>Takes <a>params</a>.</p>'))).toEqual(['a link with no target']);
    expect(findSourceAsText(page('<p>:::important</p><p>Call it first.</p>'))).toEqual(['an admonition fence']);
  });

  it('reads import lines, tags and fences in code blocks as examples, not as leaks', () => {
    expect(
      findSourceAsText(
        page(
          '<pre><code>import { App } from \'./App\';\nexport default App;\n:::tip\n&lt;Tabs&gt;</code></pre><p><a name="old-anchor"></a>Text.</p>',
        ),
      ),
    ).toEqual([]);
  });

  it('finds nothing in a page written as HTML', () => {
    expect(
      findSourceAsText(
        page('<p>Importing a module from a package works like this.</p><pre><code>const x = 1</code></pre>'),
      ),
    ).toEqual([]);
  });
});

/** Each fixture built once for every test that reads it. */
const builds = new Map<string, { built: Awaited<ReturnType<typeof buildFixture>>; pages: Map<string, string> }>();
async function builtOnce(fixture: string) {
  let build = builds.get(fixture);
  if (!build) {
    const built = await buildFixture(fixture);
    build = { built, pages: existsSync(built.dist) ? builtPages(built.dist) : new Map() };
    builds.set(fixture, build);
  }
  return build;
}

for (const fixture of listFixtures()) {
  describe(`the Docusaurus fixture site '${fixture}'`, () => {
    let built: Awaited<ReturnType<typeof buildFixture>>;
    let pages: Map<string, string>;
    let pinned: ReturnType<typeof pinnedDiagnostics>;
    beforeAll(async () => {
      ({ built, pages } = await builtOnce(fixture));
      // A fixture whose pinned messages hold an error fails to build: it has no pages.
      pinned = pinnedDiagnostics(fixture, built.diagnostics);
    });

    it(`builds with exit code 0, or 1 with the errors it pins`, () => {
      const fails = pinned?.expected.some((line) => line.startsWith('error')) ?? false;
      expect(built.code, built.stdout + built.stderr).toBe(fails ? 1 : 0);
      if (!fails) expect(pages.size).toBeGreaterThan(0);
    });

    it('reports the messages it pins, each at its place (when it pins them)', () => {
      if (pinned) expect(built.diagnostics, pinned.file).toEqual(pinned.expected);
    });

    it('shows no MDX source as text on any page', () => {
      const leaks = [...pages].flatMap(([route, file]) =>
        findSourceAsText(readFileSync(file, 'utf8')).map((sign) => `${route}: ${sign}`),
      );
      expect(leaks).toEqual([]);
    });

    for (const route of pinnedRoutes(fixture)) {
      it(`renders ${route} as pinned`, () => {
        const file = pages.get(route);
        expect(file, `${route} was not built`).toBeDefined();
        const actual = markdownFragment(readFileSync(file!, 'utf8'));
        const pinned = readPinned(fixture, route, actual);
        expect(actual, pinned.file).toBe(pinned.expected);
      });
    }
  });
}

/** Issue 29 §3: the layouts real repositories use, as fixtures; what their pinned bodies do not show. */
describe('the layouts real repositories use', () => {
  const LAYOUTS = ['docs-beside', 'legacy-sidebars', 'docs-only-versions'];
  beforeAll(async () => {
    for (const fixture of LAYOUTS) await builtOnce(fixture);
  });
  /** A fixture of LAYOUTS, built. */
  const built = (fixture: string) => builds.get(fixture)!;
  const page = (fixture: string, route: string) => {
    const file = built(fixture).pages.get(route);
    expect(file, `${fixture}: ${route} was not built (${built(fixture).built.stderr})`).toBeDefined();
    return readFileSync(file!, 'utf8');
  };
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

  it("docs beside the site folder (docs.path: '../docs'): every version's docs are pages, with the images of ../docs and of the static folder", () => {
    const { built: docsBeside, pages } = built('docs-beside');
    expect(docsBeside.diagnostics, docsBeside.stdout).toEqual([]);
    expect([...pages.keys()].filter((r) => r.startsWith('/docs/')).sort()).toEqual([
      '/docs/getting-started',
      '/docs/guides/configuration',
      '/docs/next',
      '/docs/next/getting-started',
      '/docs/next/guides/configuration',
    ]);
    expect(page('docs-beside', '/docs/next/getting-started')).toContain('<img src="/img/beacon.png"');
    expect(page('docs-beside', '/docs/next/guides/configuration')).toMatch(
      /<img src="\/assets\/images\/lamp-[0-9a-f]{8}\.png"/,
    );
  });

  it('Docusaurus 2-alpha versioned sidebars (ids prefixed version-1.x/) list their docs', () => {
    const sidebarOf = (html: string) => /<nav class="sidebar-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(hrefs(sidebarOf(page('legacy-sidebars', '/docs/1.x/api')))).toEqual(['/docs/1.x/intro', '/docs/1.x/api']);
    // The category's link is a prefixed id too.
    expect(hrefs(sidebarOf(page('legacy-sidebars', '/docs/api')))).toEqual(['/docs/intro', '/docs/api']);
  });

  it('docs-only mode with / in a version that is not the last builds both, and links with the baseUrl in them keep it once', () => {
    const { built: docsOnly, pages } = built('docs-only-versions');
    expect(docsOnly.code, docsOnly.stderr).toBe(0);
    expect([...pages.keys()].sort()).toEqual(['/', '/1.x', '/1.x/usage', '/search', '/usage']);
    const home = page('docs-only-versions', '/');
    expect(home).toContain('<h1 class="doc-title">Flicker</h1>');
    expect(hrefs(home)).toContain('/flicker/docs/1.x/');
    for (const [route, file] of pages)
      expect(readFileSync(file, 'utf8'), route).not.toContain('/flicker/docs/flicker/docs');
  });
});
