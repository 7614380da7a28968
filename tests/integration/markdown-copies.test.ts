import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Nodes } from 'mdast';
import { beforeAll, describe, expect, test } from 'vitest';
import { nodesOf, parseMarkdown, textOf } from '../helpers/markdown-tree.js';
import { buildSite, type Site } from '../../cli/pipeline/build-site.js';
import { markdownCopyFile } from '../../cli/routes/markdown-copies.js';
import { buildFixture } from '../helpers/docusaurus-fixtures.js';
import { copySite, repoRoot } from '../helpers/run-cli.js';

/** The headings of parsed Markdown as `depth text`. */
function headingsOf(tree: Nodes): string[] {
  return nodesOf(tree, 'heading').map((h) => `${(h as { depth: number }).depth} ${textOf(h).trim()}`);
}

/** A lazy output's text. */
async function fileOf(site: Site, out: string): Promise<string | undefined> {
  const contents = await site.lazyFiles.get(out)?.contents();
  return contents === undefined || typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
}

/** A copy of tests/sites/minimal with some config keys added. */
function minimalSite(
  config: string,
  files: Record<string, string> = {},
  sidebar = "['guides/intro', 'guides/second']",
): string {
  const root = copySite('minimal');
  writeFileSync(
    path.join(root, 'build.config.ts'),
    `export default {\n  title: 'Minimal',\n  tagline: 'A tiny site.',\n  url: 'https://example.com',\n  docs: { sidebars: { main: ${sidebar} } },\n  ${config}\n};\n`,
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("this repository's site", () => {
  let site: Site;
  beforeAll(async () => {
    site = await buildSite({ root: repoRoot });
  }, 180_000);

  test('every guide, category and the home page has a copy that parses as CommonMark with each of its headings and code blocks', async () => {
    const withCopies = site.routes.filter((r) => r.markdownHref && r.kind !== 'api');
    expect(withCopies.length).toBeGreaterThan(30);
    for (const route of withCopies) {
      const copy = await fileOf(site, markdownCopyFile(route)!);
      expect(copy, route.path).toBeDefined();
      const tree = parseMarkdown(copy!);
      expect(nodesOf(tree, 'html'), route.path).toEqual([]);
      const headings = headingsOf(tree);
      expect(headings[0], route.path).toBe(
        `1 ${route.kind === 'home' ? site.config.title : (route.content?.h1 ?? route.title)}`,
      );
      for (const heading of route.content?.headings ?? [])
        expect(headings, route.path).toContain(`${heading.depth} ${heading.text}`);
      // Every code block of the page (highlighted blocks and mermaid diagrams), and no other.
      const blocks = (route.content?.html.match(/<pre[ >]/g) ?? []).length;
      expect(nodesOf(tree, 'code').length, route.path).toBe(route.kind === 'home' ? 1 : blocks);
      for (const link of [...nodesOf(tree, 'link'), ...nodesOf(tree, 'image')])
        expect((link as { url: string }).url, route.path).toMatch(/^(https?:\/\/|mailto:)/);
    }
  });

  test('each page links its copy with <link rel="alternate" type="text/markdown">', async () => {
    const page = site.pages.find((p) => p.route.path === '/docs/guides/formats')!;
    expect(page.html).toContain('<link rel="alternate" type="text/markdown" href="/docs/guides/formats.md"/>');
    const search = site.pages.find((p) => p.route.kind === 'search')!;
    expect(search.html).not.toContain('text/markdown');
  });

  test('llms.txt has the title, the tagline, a section per sidebar category and one for the API reference', async () => {
    const llms = (await fileOf(site, 'llms.txt'))!;
    const tree = parseMarkdown(llms);
    expect(
      llms.startsWith(
        '# VisionCamera\n\n> A powerful, high-performance React Native Camera library.\n\n## Guides\n\n- [Getting Started](https://react-native-vision-camera.com/docs/guides.md): ',
      ),
    ).toBe(true);
    expect(headingsOf(tree)).toEqual([
      '1 VisionCamera',
      '2 Guides',
      '2 Guides / Realtime Frame Processing',
      '2 Guides / Realtime Frame Processing / Creating Frame Processor Plugins',
      '2 API reference',
    ]);
    // Every entry is a list item `[Title](absolute URL of its .md copy): description`, and the copy exists.
    const items = nodesOf(tree, 'listItem');
    expect(items.length).toBe(31 + site.routes.filter((r) => r.kind === 'api').length);
    for (const item of items) {
      const link = nodesOf(item, 'link')[0] as { url: string };
      // An API page's copy once it has one (cli/api/), else its page.
      const route = site.routes.find(
        (r) =>
          link.url ===
          `https://react-native-vision-camera.com${r.path}${r.content?.markdown === undefined ? '' : '.md'}`,
      );
      expect(route, link.url).toBeDefined();
      expect(link.url.endsWith('.md')).toBe(route!.kind === 'doc' || route!.content?.markdown !== undefined);
    }
    const guideLinks = items
      .slice(0, 31)
      .map((item) =>
        (nodesOf(item, 'link')[0] as { url: string }).url.slice('https://react-native-vision-camera.com/'.length),
      );
    for (const file of guideLinks) expect(site.lazyFiles.has(file), file).toBe(true);
  });

  test('llms-full.txt has every guide in sidebar order, each starting with its title and URL, and parses with their headings', async () => {
    const full = (await fileOf(site, 'llms-full.txt'))!;
    // The sidebar's order, as llms.txt lists the guides.
    const order = nodesOf(parseMarkdown((await fileOf(site, 'llms.txt'))!), 'link').map((l) =>
      (l as { url: string }).url.replace('https://react-native-vision-camera.com', '').replace(/\.md$/, ''),
    );
    const guides = order.flatMap((href) => site.routes.filter((r) => r.kind === 'doc' && r.path === href));
    expect(guides.length).toBe(site.routes.filter((r) => r.kind === 'doc').length);
    const starts = guides.map((route) =>
      full.indexOf(
        `# ${route.content?.h1 ?? route.title}\n\nURL: https://react-native-vision-camera.com${route.path}\n`,
      ),
    );
    for (const [i, at] of starts.entries()) expect(at, guides[i].path).toBeGreaterThanOrEqual(0);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(full.startsWith('# Getting Started\n\nURL: https://react-native-vision-camera.com/docs/guides\n')).toBe(
      true,
    );
    const headings = headingsOf(parseMarkdown(full));
    for (const route of guides)
      for (const heading of route.content?.headings ?? [])
        expect(headings).toContain(`${heading.depth} ${heading.text}`);
    expect(nodesOf(parseMarkdown(full), 'html')).toEqual([]);
  });
});

describe('a small site', () => {
  test('its copies, llms.txt and llms-full.txt are outputs of the build', async () => {
    const site = await buildSite({ root: minimalSite('') });
    // Besides the search index and the social images (img/og/), which have tests of their own.
    expect([...site.lazyFiles.keys()].filter((f) => f.endsWith('.md') || f.endsWith('.txt')).sort()).toEqual([
      'docs/guides.md',
      'docs/guides/second.md',
      'index.md',
      'llms-full.txt',
      'llms.txt',
    ]);
    expect(await fileOf(site, 'docs/guides.md')).toBe(
      '# Introduction\n\nWelcome. Read the [second page](https://example.com/docs/guides/second#details) next.\n\n## First steps\n\n![Logo](https://example.com/img/dot.svg)\n',
    );
    expect(await fileOf(site, 'llms.txt')).toBe(
      '# Minimal\n\n> A tiny site.\n\n## Docs\n\n- [Introduction](https://example.com/docs/guides.md): Welcome. Read the second page next.\n- [Second Page](https://example.com/docs/guides/second.md): Back to the intro.\n',
    );
  });

  test('markdownPages: false writes no copies and no alternate link; llms.txt then links the pages', async () => {
    const site = await buildSite({ root: minimalSite('markdownPages: false,') });
    expect([...site.lazyFiles.keys()].filter((f) => f.endsWith('.md'))).toEqual([]);
    expect(site.routes.every((r) => r.markdownHref === undefined)).toBe(true);
    expect(site.pages.every((p) => !p.html.includes('text/markdown'))).toBe(true);
    expect(await fileOf(site, 'llms.txt')).toContain('- [Introduction](https://example.com/docs/guides): ');
    expect(await fileOf(site, 'llms-full.txt')).toContain('# Introduction\n\nURL: https://example.com/docs/guides\n');
  });

  test('llmsTxt: false writes no llms files, the copies stay', async () => {
    const site = await buildSite({ root: minimalSite('llmsTxt: false,') });
    expect(site.lazyFiles.has('llms.txt')).toBe(false);
    expect(site.lazyFiles.has('llms-full.txt')).toBe(false);
    expect(site.lazyFiles.has('docs/guides/second.md')).toBe(true);
  });

  test('both off: pages are compiled without a copy', async () => {
    const site = await buildSite({ root: minimalSite('markdownPages: false, llmsTxt: false,') });
    expect(site.routes.filter((r) => r.kind === 'doc').map((r) => r.content?.markdown)).toEqual([undefined, undefined]);
  });

  test('a page that tries to smuggle script or a javascript: link reaches its copy and llms-full.txt as text only', async () => {
    const evil =
      '---\ntitle: Evil <script>alert(1)</script>\ndescription: \'<img src=x onerror=alert(2)>\'\n---\n\n[click](javascript:alert(3)) <b onclick="alert(4)">bold</b>\n\n<script>alert(5)</script>\n';
    const site = await buildSite({ root: minimalSite('', { 'content/docs/guides/second.md': evil }) });
    for (const file of ['docs/guides/second.md', 'llms-full.txt', 'llms.txt']) {
      const text = (await fileOf(site, file))!;
      const tree = parseMarkdown(text);
      expect(nodesOf(tree, 'html'), file).toEqual([]);
      expect(text, file).not.toMatch(/javascript:|alert\(5\)/);
      for (const link of nodesOf(tree, 'link'))
        expect((link as { url: string }).url, file).toMatch(/^https:\/\/example\.com\//);
    }
    expect(await fileOf(site, 'docs/guides/second.md')).toBe(
      '# Evil \\<script>alert(1)\\</script>\n\n> \\<img src=x onerror=alert(2)>\n\nclick **bold**\n',
    );
  });

  test('a public file where a copy or an llms file goes is an output clash', async () => {
    const site = await buildSite({
      root: minimalSite('', { 'public/llms.txt': 'mine', 'public/docs/guides/second.md': 'mine too' }),
    });
    const clashes = site.diagnostics.filter((d) => d.rule === 'output-clash').map((d) => `${d.file}: ${d.message}`);
    expect(clashes.sort()).toEqual([
      'public/docs/guides/second.md: docs/guides/second.md would be written twice: by public/docs/guides/second.md and by the Markdown copy of /docs/guides/second',
      'public/llms.txt: llms.txt would be written twice: by public/llms.txt and by llms.txt',
    ]);
  });

  test("a generated category index lists its items, and a doc's <DocCardList /> its category's, linking their copies", async () => {
    const sidebar =
      "['guides/intro', { type: 'category', label: 'More', link: { type: 'generated-index', description: 'Everything else.' }, items: ['guides/second'] }, { type: 'category', label: 'Cards', link: { type: 'doc', id: 'guides/cards' }, items: ['guides/third'] }]";
    const site = await buildSite({
      root: minimalSite(
        '',
        {
          'content/docs/guides/cards.mdx':
            "# Cards\n\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n",
          'content/docs/guides/third.md': '---\ndescription: The third.\n---\n# Third\n',
        },
        sidebar,
      ),
    });
    expect(site.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await fileOf(site, 'docs/category/more.md')).toBe(
      '# More\n\n> Everything else.\n\n- [Second Page](https://example.com/docs/guides/second.md): Back to the intro.\n',
    );
    expect(await fileOf(site, 'docs/guides/cards.md')).toBe(
      '# Cards\n\n- [Third](https://example.com/docs/guides/third.md): The third.\n',
    );
    expect(await fileOf(site, 'llms.txt')).toContain(
      '## More\n\n- [More](https://example.com/docs/category/more.md): Everything else.\n- [Second Page]',
    );
  });
});

describe('versioned docs', () => {
  test('every version has its copies; the llms files list the latest version only', async () => {
    const built = await buildFixture('versions');
    expect(built.code, built.stderr).toBe(0);
    for (const copy of ['docs/intro.md', 'docs/next/intro.md', 'docs/legacy/intro.md'])
      expect(existsSync(path.join(built.dist, copy)), copy).toBe(true);
    const llms = readFileSync(path.join(built.dist, 'llms.txt'), 'utf8');
    expect(llms).toContain('/docs/intro.md)');
    expect(llms).not.toMatch(/\/docs\/(next|legacy)\//);
    expect(readFileSync(path.join(built.dist, 'llms-full.txt'), 'utf8')).not.toMatch(/URL: \S+\/docs\/(next|legacy)\//);
  });
});
