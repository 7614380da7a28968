import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MAX_NESTING } from '../../../cli/markdown/compile-markdown.js';
import type { CodeHighlighter } from '../../../cli/markdown/highlighter.js';
import { compile, siteRoot, testContext } from '../../helpers/compile.js';

describe('compileMarkdown: Markdown features', () => {
  it('renders admonitions with default and custom titles, in both title syntaxes', async () => {
    const { html, diagnostics } = await compile(
      ':::tip\nBe kind.\n:::\n\n:::warning[Careful here]\nHot.\n:::\n\n:::danger Do not\nStop.\n:::\n',
    );
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<aside class="admonition admonition-tip"><p class="admonition-title">Tip</p>');
    expect(html).toContain('<p class="admonition-title">Careful here</p>');
    expect(html).toContain('<p class="admonition-title">Do not</p>');
  });

  it('keeps colons in prose that look like text directives', async () => {
    const { html } = await compile('Ratio 16:9 and note:this stay as written.\n', 'md');
    expect(html).toContain('Ratio 16:9 and note:this stay as written.');
  });

  it('gives headings github-slugger ids, honours {#custom-id} in md and mdx, and lifts the h1 out', async () => {
    for (const format of ['md', 'mdx'] as const) {
      const result = await compile('# The Title\n\n## Hello World!\n\n## Hello World!\n\n### Own id {#mine}\n', format);
      expect(result.h1).toBe('The Title');
      expect(result.headings.map((h) => h.id)).toEqual(['hello-world', 'hello-world-1', 'mine']);
      expect(result.html).not.toContain('<h1');
      expect(result.html).not.toContain('{#mine}');
    }
  });

  it('highlights code with a title, highlighted lines and line numbers, and warns on unknown languages', async () => {
    const { html, diagnostics } = await compile(
      '```tsx title="App.tsx" {2} showLineNumbers\nconst a = 1\nconst b = 2\n```\n\n```klingon\nqapla\n```\n',
    );
    expect(html).toContain('<div class="code-title">App.tsx</div>');
    expect(html).toMatch(/<pre class="shiki[^"]* line-numbers"/);
    expect(html).toContain('<span class="line highlighted">');
    expect(html).toContain('class="copy-button"');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        rule: 'unknown-language',
        line: 6,
        message: "unknown code language 'klingon', shown as plain text",
      }),
    ]);
  });

  it('supports GFM tables, task lists, strikethrough, footnotes and autolinks', async () => {
    const { html } = await compile(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ see https://example.com now.[^1]\n\n[^1]: A note.\n',
      'md',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('type="checkbox" checked');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('data-footnote-ref');
  });

  it('highlights every line to its end however busy the machine is (no time limit on tokenising)', async () => {
    // A machine so busy that a second passes between two looks at the clock: shiki's default limit
    // (500 ms a line) then stopped after the first token, and the rest of the line came out plain.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1_000));
    let html: string;
    try {
      ({ html } = await compile('```ts\nconst answer = compute(); return answer\n```\n', 'md'));
    } finally {
      clock.mockRestore();
    }
    expect(html).toContain('<span style="color:#CF222E;--shiki-dark:#FF7B72">const</span>');
    expect(html).toContain('<span style="color:#CF222E;--shiki-dark:#FF7B72">return</span>');
    expect(html).toContain('<span style="color:#8250DF;--shiki-dark:#D2A8FF"> compute</span>');
  });

  it('shows a code block the grammar fails on as plain text, with a warning at the block', async () => {
    const real = (await testContext()).highlighter;
    const failing: CodeHighlighter = {
      ...real,
      toHtml: (code, lang, options) => {
        if (lang !== 'text') throw new RangeError('Maximum call stack size exceeded');
        return real.toHtml(code, lang, options);
      },
    };
    const { html, diagnostics } = await compile('# Page\n\n```cpp\nint main() {}\n```\n', 'md', undefined, {
      context: { ...(await testContext()), highlighter: failing },
    });
    expect(html).toContain('int main() {}');
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        rule: 'highlight-failed',
        message: 'could not highlight this cpp code (Maximum call stack size exceeded), shown as plain text',
        file: 'content/docs/guides/page.md',
        line: 3,
        column: 1,
        hint: 'break its long lines into shorter ones, or mark the block as `text`',
      },
    ]);
  });

  it('renders mermaid blocks for the browser and flags the page', async () => {
    const result = await compile('```mermaid\ngraph TD; A-->B\n```\n');
    expect(result.hasMermaid).toBe(true);
    expect(result.html).toContain('<pre class="mermaid">graph TD; A-->B</pre>');
  });
});

describe('compileMarkdown: links and images', () => {
  it('rewrites links to .md/.mdx files into routes, relative and absolute', async () => {
    const { html, links } = await compile(
      '[a](./other.md#part) [b](/guides/intro.mdx) [c](/docs/api/classes/Camera#takephoto) [d](https://x.dev)\n',
      'md',
    );
    expect(html).toContain('href="/docs/guides/other#part"');
    expect(html).toContain('href="/docs/guides"');
    expect(html).toContain('href="https://x.dev" target="_blank" rel="noopener noreferrer"');
    expect(links.map((l) => [l.href, l.line, l.column])).toEqual([
      ['/docs/guides/other#part', 1, 1],
      ['/docs/guides', 1, 22],
      ['/docs/api/classes/Camera#takephoto', 1, 45],
      // Recorded too: `check --external` reports it at this place.
      ['https://x.dev', 1, 85],
    ]);
  });

  it('records the other URLs the checker reads (srcset candidates, posters, media and frame sources) with their place, in .md and .mdx', async () => {
    // A video is read (and checked by its bytes) like an image: an MP4 header is enough.
    writeFileSync(path.join(siteRoot, 'public/v.mp4'), Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom', 'latin1'));
    const source =
      'Intro.\n\n<img src="/logo.png" srcset="/logo.png 2x, /logo.png 3x" alt="a" />\n\n<video src="/v.mp4" poster="/logo.png"><track src="/v.vtt" /></video>\n\n<iframe src="/embed"></iframe>\n';
    for (const format of ['md', 'mdx'] as const) {
      const { links, diagnostics } = await compile(source, format);
      // The frame is removed later (not https), with its warning; its URL was recorded first.
      expect(
        diagnostics.map((d) => d.rule),
        format,
      ).toEqual(['unsafe-html']);
      expect(
        links.map((l) => [l.kind, l.href, l.line]),
        format,
      ).toEqual([
        ['image', '/logo.png', 3],
        ['image', '/logo.png', 3],
        ['image', '/logo.png', 3],
        ['image', '/v.mp4', 5],
        ['image', '/logo.png', 5],
        ['link', '/v.vtt', 5],
        ['link', '/embed', 7],
      ]);
    }
  });

  it('adds the baseUrl once to absolute links, as Docusaurus does: a path that starts with it keeps it (issue 29)', async () => {
    const context = { ...(await testContext()), baseUrl: '/flash-list/docs/' };
    const source =
      "import useBaseUrl from '@docusaurus/useBaseUrl';\n\n[a](/flash-list/docs/1.x/) [b](/flash-list/docs) [c](/usage#x) [d](/flash-list/docsy) [e](./other)\n\n<a href=\"/flash-list/docs/1.x/usage\">f</a>\n\n<a href={useBaseUrl('/flash-list/docs/2.x/')}>g</a> <a href={useBaseUrl('/api')}>h</a>\n";
    const { html, links } = await compile(source, 'mdx', undefined, { context });
    expect(links.map((l) => l.href)).toEqual([
      '/flash-list/docs/1.x/',
      '/flash-list/docs/',
      '/flash-list/docs/usage#x',
      '/flash-list/docs/flash-list/docsy',
      '/flash-list/docs/docs/guides/other',
      '/flash-list/docs/1.x/usage',
      '/flash-list/docs/2.x/',
      '/flash-list/docs/api',
    ]);
    expect(html).not.toContain('/flash-list/docs/flash-list/docs/');
  });

  it('reports a Markdown link to a missing file with its place', async () => {
    const { diagnostics } = await compile('---\ntitle: X\n---\n\nSee [gone](./gone.mdx).\n', 'md');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'broken-markdown-link',
        file: 'content/docs/guides/page.md',
        line: 5,
        column: 5,
      }),
    ]);
  });

  it('checks images in public/ and reports missing ones', async () => {
    const { html, diagnostics } = await compile('![ok](/logo.png)\n\n![missing](/nope.png)\n', 'md');
    expect(html).toContain('<img src="/logo.png" alt="ok" width="3" height="2" loading="lazy" decoding="async">');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'missing-image',
        line: 3,
        message: 'image not found: /nope.png (looked for public/nope.png)',
      }),
    ]);
  });
});

describe('compileMarkdown: images never come from outside the site root', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
    'base64',
  );
  const inSite = (file: string) => {
    const full = path.join(siteRoot, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, PNG);
    return full;
  };
  const outside = path.join(realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-'))), 'secret.png');
  writeFileSync(outside, PNG);
  // A previous build's output, marked as docsgen marks it.
  mkdirSync(path.join(siteRoot, 'dist'));
  writeFileSync(path.join(siteRoot, 'dist/.docsgen-output'), '');
  const fromPage = path.relative(path.join(siteRoot, 'content/docs/guides'), outside);
  const page = (source: string, format: 'md' | 'mdx' = 'md') =>
    compile(source, format, path.join(siteRoot, `content/docs/guides/page.${format}`));
  const refused = (line: number, message: string) => ({
    severity: 'error',
    rule: 'file-outside-root',
    line,
    message,
    hint: expect.stringContaining('put the image next to the page or in a static folder (public/)'),
  });

  it('copies an image next to the page, from its real path', async () => {
    const shot = inSite('content/docs/guides/shot.png');
    const { html, assets, diagnostics } = await page('![Shot](./shot.png)\n');
    expect(diagnostics).toEqual([]);
    expect(assets).toEqual({ [realpathSync(shot)]: expect.stringMatching(/^assets\/images\/shot-[0-9a-f]{8}\.png$/) });
    expect(html).toMatch(/<img src="\/assets\/images\/shot-[0-9a-f]{8}\.png" alt="Shot" width="3" height="2"/);
  });

  it('refuses ../ out of the root, in Markdown and in an MDX <img>, and copies nothing', async () => {
    const md = await page(`![x](${fromPage})\n`);
    const mdx = await page(`# Page\n\n<img src="${fromPage}" />\n`, 'mdx');
    expect(md.diagnostics).toEqual([
      expect.objectContaining(
        refused(1, `image not allowed: ${fromPage} resolves to ${outside}, outside the site root`),
      ),
    ]);
    expect(mdx.diagnostics).toEqual([
      expect.objectContaining(
        refused(3, `image not allowed: ${fromPage} resolves to ${outside}, outside the site root`),
      ),
    ]);
    expect({ ...md.assets, ...mdx.assets }).toEqual({});
  });

  it('refuses a public/ path that climbs out with ..', async () => {
    const url = '/' + path.relative(path.join(siteRoot, 'public'), outside);
    const { html, diagnostics } = await page(`![x](${url})\n`);
    expect(diagnostics).toEqual([
      expect.objectContaining(refused(1, `image not allowed: ${url} resolves to ${outside}, outside the site root`)),
    ]);
    expect(html).not.toContain('width=');
  });

  it('refuses a symlinked image that points outside the root', async () => {
    symlinkSync(outside, path.join(siteRoot, 'content/docs/guides/linked.png'));
    const { assets, diagnostics } = await page('![x](./linked.png)\n');
    expect(diagnostics).toEqual([
      expect.objectContaining(
        refused(1, `image not allowed: ./linked.png resolves to ${outside}, outside the site root`),
      ),
    ]);
    expect(assets).toEqual({});
  });

  it.each([
    ['node_modules/', 'node_modules/pkg/logo.png', 'inside node_modules/'],
    ['.git/', '.git/logo.png', 'inside .git/'],
    ['the build output', 'dist/assets/images/logo.png', 'inside the build output (dist/)'],
  ])('refuses an image inside %s', async (_, file, where) => {
    inSite(file);
    const url = `../../../${file}`;
    const { assets, diagnostics } = await page(`![x](${url})\n`);
    expect(diagnostics).toEqual([
      expect.objectContaining(refused(1, `image not allowed: ${url} resolves to ${file}, ${where}`)),
    ]);
    expect(assets).toEqual({});
  });
});

describe('compileMarkdown: nesting limit', () => {
  const deeper = MAX_NESTING + 1;
  // [what, body (starting on line 3, after "# Deep"), levels reported, line reported]
  it.each([
    ['blockquote markers', '>'.repeat(deeper) + ' deep\n', deeper, 3],
    ['list markers on one line', '- '.repeat(deeper) + 'deep\n', deeper, 3],
    ['blockquotes and lists mixed', '> - '.repeat(51) + 'deep\n', 102, 3],
    [
      'indented list items',
      Array.from({ length: deeper }, (_, i) => '  '.repeat(i) + '- item').join('\n') + '\n',
      deeper,
      3 + MAX_NESTING,
    ],
  ])(
    'refuses %s nested deeper than the limit, before parsing, at the first line too deep',
    async (_, body, levels, line) => {
      for (const format of ['md', 'mdx'] as const) {
        const { diagnostics } = await compile(`# Deep\n\n${body}`, format);
        expect(diagnostics).toEqual([
          expect.objectContaining({
            severity: 'error',
            rule: 'too-deep',
            line,
            column: 1,
            message: `lists and blockquotes are nested too deeply (${levels} levels; the limit is ${MAX_NESTING})`,
          }),
        ]);
      }
    },
  );

  it('accepts nesting up to the limit', async () => {
    const { diagnostics, html } = await compile('> '.repeat(MAX_NESTING) + 'deep\n', 'md');
    expect(diagnostics).toEqual([]);
    expect(html).toContain('deep');
  });
});
