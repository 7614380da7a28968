import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { find, html as htmlSpace, svg as svgSpace } from 'property-information';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import { compileMarkdown, renderMarkdownFragment } from '../../../cli/markdown/compile-markdown.js';
import { rehypeSanitizePage } from '../../../cli/markdown/plugins/rehype-sanitize-page.js';
import { createTrustedRaw } from '../../../cli/markdown/plugins/trusted-raw.js';
import { isSafeUrl, normalizeUrl } from '../../../cli/markdown/safe-url.js';
import { RESERVED_DATA_ATTRIBUTES, sanitizeSchema } from '../../../cli/markdown/sanitize-schema.js';
import type { ContentFile } from '../../../cli/types.js';
import { compile, testContext } from '../../helpers/compile.js';
import { repoRoot } from '../../helpers/run-cli.js';
import { findScriptVectors } from '../../helpers/script-vectors.js';

const warnings = (diagnostics: { rule: string; line?: number; column?: number; message: string }[]) =>
  diagnostics.filter((d) => d.rule === 'unsafe-html').map((d) => `${d.line}:${d.column} ${d.message}`);

/** Compiles with `markdown.trustContent: true`. */
async function compileTrusted(source: string, format: 'md' | 'mdx' = 'mdx') {
  const ctx = { ...(await testContext()), trustContent: true };
  const file: ContentFile = {
    path: `/site/content/docs/guides/page.${format}`,
    file: `content/docs/guides/page.${format}`,
    docPath: `guides/page.${format}`,
    id: 'guides/page',
    format,
    frontMatter: {},
    body: source,
    bodyLineOffset: 0,
    hash: 'x',
  };
  return compileMarkdown(file, '/docs/guides/page', ctx);
}

const IMPORT_BASE_URL = "import useBaseUrl from '@docusaurus/useBaseUrl';\n\n";

describe('sanitised pages: the vectors of issue 14 (MDX)', () => {
  it.each([
    [
      'an onError attribute on <img>',
      '<img src="/logo.png" onError="alert(1)" />\n',
      ['1:1 removed the onerror attribute of <img> (event handlers never run from content)'],
    ],
    [
      'onmouseover through a spread',
      "<div {...{onMouseOver: 'alert(1)'}}>hover me</div>\n",
      ['1:1 removed the onmouseover attribute of <div> (event handlers never run from content)'],
    ],
    [
      '<svg onLoad>',
      '<svg onLoad="alert(1)"><circle r="2" /></svg>\n',
      ['1:1 removed the onload attribute of <svg> (event handlers never run from content)'],
    ],
    [
      'a <script> element',
      'Text.\n\n<script>alert(1)</script>\n',
      ['3:1 removed <script> and its content (pages never run script from content)'],
    ],
    [
      '<iframe src="javascript:…">',
      '<iframe src="javascript:alert(1)" />\n',
      [
        '1:1 removed <iframe> and its content: only frames with an https:// src are allowed (src "javascript:alert(1)")',
      ],
    ],
    [
      'a javascript: Markdown link',
      'A [link](javascript:alert(1)).\n',
      ['1:3 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL'],
    ],
    [
      'a javascript: reference link',
      'A [link][r].\n\n[r]: javascript:alert(1)\n',
      ['1:3 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL'],
    ],
    [
      'a javascript: href attribute',
      '<a href="javascript:alert(1)">x</a>\n',
      ['1:1 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL'],
    ],
    [
      "useBaseUrl('javascript:…')",
      `${IMPORT_BASE_URL}<a href={useBaseUrl('javascript:alert(1)')}>x</a>\n`,
      ['3:1 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL'],
    ],
  ])('%s: removed, with a warning at its place', async (_name, source, expected) => {
    const { html, diagnostics } = await compile(source);
    expect(findScriptVectors(html)).toEqual([]);
    expect(html).not.toMatch(/alert/);
    expect(warnings(diagnostics)).toEqual(expected);
    expect(diagnostics.every((d) => d.severity === 'warning' && d.file === 'content/docs/guides/page.mdx')).toBe(true);
    expect(diagnostics[0].hint).toContain('markdown.trustContent: true');
  });

  it('keeps the harmless rest of each element', async () => {
    const { html } = await compile(
      '<img src="/logo.png" alt="Logo" onError="alert(1)" />\n\n<div {...{onMouseOver: \'alert(1)\', title: \'Tip\'}}>hover me</div>\n',
    );
    expect(html).toBe(
      '<img src="/logo.png" alt="Logo" width="3" height="2" loading="lazy" decoding="async">\n<div title="Tip">hover me</div>',
    );
  });
});

describe('sanitised pages: the same vectors as raw HTML in .md', () => {
  it.each([
    [
      '<img src="/logo.png" onerror="alert(1)">\n',
      ['1:1 removed the onerror attribute of <img> (event handlers never run from content)'],
    ],
    [
      '<div onmouseover="alert(1)">hover</div>\n',
      ['1:1 removed the onmouseover attribute of <div> (event handlers never run from content)'],
    ],
    [
      'Text <svg onload="alert(1)"><circle r="2"/></svg>\n',
      ['1:6 removed the onload attribute of <svg> (event handlers never run from content)'],
    ],
    [
      'Text.\n\n<script>alert(1)</script>\n',
      ['3:1 removed <script> and its content (pages never run script from content)'],
    ],
    [
      '<iframe src="javascript:alert(1)"></iframe>\n',
      [
        '1:1 removed <iframe> and its content: only frames with an https:// src are allowed (src "javascript:alert(1)")',
      ],
    ],
    [
      'An autolink <javascript:alert(1)>.\n',
      ['1:13 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL'],
    ],
    [
      '<a href="javascript:alert(1)">x</a>\n',
      ['1:1 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL'],
    ],
  ])('%j', async (source, expected) => {
    const { html, diagnostics } = await compile(source, 'md');
    expect(findScriptVectors(html)).toEqual([]);
    // An autolink's text is its URL: it stays, as text.
    expect(html.replace('<a>javascript:alert(1)</a>', '')).not.toMatch(/alert/);
    expect(warnings(diagnostics)).toEqual(expected);
  });
});

describe('sanitised pages: URLs are judged as a browser reads them', () => {
  const encodings = [
    'jav&#x09;ascript:alert(1)',
    'jav&#x0A;ascript:alert(1)',
    '&#x20;JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    '&#x01;javascript:alert(1)',
    'javascript&#0000058;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ];
  it.each(
    encodings.flatMap(
      (url) =>
        [
          ['md', url],
          ['mdx', url],
        ] as const,
    ),
  )('%s: href="%s" is removed', async (format, url) => {
    const { html, diagnostics } = await compile(`<a href="${url}">x</a>\n`, format);
    expect(findScriptVectors(html)).toEqual([]);
    expect(html).toMatch(/^(?:<p>)?<a>x<\/a>(?:<\/p>)?$/);
    expect(warnings(diagnostics)).toEqual([
      expect.stringMatching(
        /^1:1 removed the href attribute of <a>: "(?:javascript:alert\(1\)|vbscript:msgbox\(1\)|data:text\/html.*)" is not an http\(s\), mailto, relative or # URL$/,
      ),
    ]);
  });

  it('is removed from a newline inside the scheme, written in the attribute', async () => {
    for (const format of ['md', 'mdx'] as const) {
      const { html, diagnostics } = await compile('<a href="java\nscript:alert(1)">x</a>\n', format);
      expect(html).toMatch(/^(?:<p>)?<a>x<\/a>(?:<\/p>)?$/);
      expect(warnings(diagnostics)).toEqual([
        '1:1 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
      ]);
    }
  });

  it.each([
    [
      '<iframe srcDoc="<script>alert(1)</script>" src="https://example.com" />',
      '1:1 removed the srcdoc attribute of <iframe> (not allowed in pages)',
    ],
    [
      '<iframe src="data:text/html,x" />',
      '1:1 removed <iframe> and its content: only frames with an https:// src are allowed (src "data:text/html,x")',
    ],
    [
      '<iframe src="/public-page.html" />',
      '1:1 removed <iframe> and its content: only frames with an https:// src are allowed (src "/public-page.html")',
    ],
    [
      '<svg><a xlinkHref="javascript:alert(1)"><circle r="2" /></a></svg>',
      '1:6 removed the xlink:href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<svg><a href="javascript:alert(1)"><circle r="2" /></a></svg>',
      '1:6 removed the href attribute of <a>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<svg><use href="data:image/svg+xml,x#a" /></svg>',
      '1:6 removed the href attribute of <use>: "data:image/svg+xml,x#a" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<svg><animate attributeName="href" values="javascript:alert(1)" /></svg>',
      '1:6 removed <animate> and its content (not allowed in pages)',
    ],
    [
      '<svg><set attributeName="href" to="javascript:alert(1)" /></svg>',
      '1:6 removed <set> and its content (not allowed in pages)',
    ],
    [
      '<svg><foreignObject><img src="x" onError="alert(1)" /></foreignObject></svg>',
      '1:6 removed <foreignObject> and its content (not allowed in pages)',
    ],
    [
      '<svg><script>alert(1)</script></svg>',
      '1:6 removed <script> and its content (pages never run script from content)',
    ],
    [
      '<button formAction="javascript:alert(1)">b</button>',
      '1:1 removed the formaction attribute of <button>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<form action="javascript:alert(1)"><button>b</button></form>',
      '1:1 removed <form>, kept its content (not allowed in pages)',
    ],
    ['<object data="javascript:alert(1)" />', '1:1 removed <object> and its content (not allowed in pages)'],
    ['<embed src="javascript:alert(1)" />', '1:1 removed <embed> and its content (not allowed in pages)'],
    ['<base href="javascript:alert(1)//" />', '1:1 removed <base> and its content (not allowed in pages)'],
    [
      '<meta httpEquiv="refresh" content="0;url=javascript:alert(1)" />',
      '1:1 removed <meta> and its content (not allowed in pages)',
    ],
    [
      '<link rel="stylesheet" href="javascript:alert(1)" />',
      '1:1 removed <link> and its content (not allowed in pages)',
    ],
    [
      '<style>{"body{background:url(javascript:alert(1))}"}</style>',
      '1:1 removed <style> and its content (not allowed in pages)',
    ],
    [
      '<img srcSet="javascript:alert(1) 1x, /logo.png 2x" />',
      '1:1 removed the srcset attribute of <img>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<video poster="javascript:alert(1)" />',
      '1:1 removed the poster attribute of <video>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<blockquote cite="javascript:alert(1)">q</blockquote>',
      '1:1 removed the cite attribute of <blockquote>: "javascript:alert(1)" is not an http(s), mailto, relative or # URL',
    ],
    [
      '<math><maction actiontype="statusline" xlinkHref="javascript:alert(1)">m</maction></math>',
      '1:1 removed <math>, kept its content (not allowed in pages)',
    ],
    [
      '<div ONCLICK="alert(1)">x</div>',
      '1:1 removed the onclick attribute of <div> (event handlers never run from content)',
    ],
    [
      '<details open onToggle="alert(1)"><summary>s</summary>d</details>',
      '1:1 removed the ontoggle attribute of <details> (event handlers never run from content)',
    ],
  ])('%s', async (source, expected) => {
    const { html, diagnostics } = await compile(`${source}\n`);
    expect(findScriptVectors(html)).toEqual([]);
    expect(html).not.toMatch(/alert/);
    expect(warnings(diagnostics)).toContain(expected);
  });

  it('normalises like the URL parser, and allows only http(s), mailto and relative URLs', () => {
    expect(normalizeUrl(' \u0001JAVA\tSCRIPT:x \n')).toBe('javascript:x');
    expect(normalizeUrl('HTTPS://Example.com/A')).toBe('https://Example.com/A');
    for (const url of [
      'https://x.dev',
      'http://x',
      'mailto:a@b.c',
      '/docs',
      'page',
      '../up',
      '#id',
      '?q=1',
      '//cdn.example.com/x',
      ' HTTPS://x',
      '/a:b',
      './x:y',
    ])
      expect(isSafeUrl(url), url).toBe(true);
    for (const url of [
      'javascript:x',
      ' javascript:x',
      'JAVASCRIPT:x',
      'java\tscript:x',
      'java\nscript:x',
      '\u0000javascript:x',
      'vbscript:x',
      'data:x',
      'file:///etc/passwd',
      'blob:x',
      'a:b',
      'ftp://x',
    ])
      expect(isSafeUrl(url), url).toBe(false);
  });
});

const CODE_SOURCE =
  '```js title="<img src=x onerror=alert(1)>"\nconst a = "</code></pre><script>alert(1)</script>";\n```\n\n```js"><img/src/onerror=alert(2)>\nx\n```\n\n```mermaid\ngraph TD; A["<img src=x onerror=alert(3)>"]-->B\n```\n';

describe('sanitised pages: what the theme needs survives byte for byte', () => {
  const kitchenSink = [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    "import useBaseUrl from '@docusaurus/useBaseUrl';",
    '',
    '# Title',
    '',
    'First paragraph with **bold**, `code`, a [doc link](./other.md#x), a [hash link](#custom-id), [mail](mailto:me@example.com) and [web](https://example.com).',
    '',
    '## Own id {#custom-id}',
    '',
    ':::tip[Title]',
    'Body.',
    ':::',
    '',
    '<Tabs groupId="os" queryString>',
    '<TabItem value="ios" label="iOS">iOS text</TabItem>',
    '<TabItem value="android" label="Android" default>Android text</TabItem>',
    '</Tabs>',
    '',
    '<details>',
    '<summary>More</summary>',
    '',
    'Hidden text.',
    '',
    '</details>',
    '',
    '| a | b |',
    '|---|:-:|',
    '| 1 | 2 |',
    '',
    '- [x] done',
    '- [ ] todo',
    '',
    'A footnote.[^1] ~~old~~',
    '',
    '[^1]: The note.',
    '',
    '![Logo](/logo.png "The logo")',
    '',
    '<img src={useBaseUrl(\'/logo.png\')} alt="logo" width={20} style={{marginTop: 8}} className="shadow" />',
    '',
    '<svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop offset="0" stopColor="red" /></linearGradient></defs><path id="p" d="M0 0L10 10" stroke="url(#g)" strokeWidth={2} fill="none" /><use href="#p" /><text x="1" y="9" fontSize="3">t</text></svg>',
    '',
    '<iframe src="https://www.youtube.com/embed/xyz" width="560" height="315" title="Video" allow="autoplay; encrypted-media" allowFullScreen></iframe>',
    '',
    '<video src="https://example.com/a.mp4" controls muted playsInline poster="https://example.com/a.png" />',
    '',
    '<div data-tracking="x" id="box" className="box wide" style={{color: \'red\'}} role="note" aria-label="A box">box</div>',
    '',
    '<kbd>Ctrl</kbd> <abbr title="HyperText">HTML</abbr> <mark>m</mark> <sub>2</sub> <a name="old-anchor">old</a>',
    '',
    '```ts title="a.ts" {1} showLineNumbers',
    "const a = '</code><script>alert(1)</script>';",
    '```',
    '',
    '```mermaid',
    'graph TD; A-->B',
    '```',
    '',
  ].join('\n');

  beforeAll(async () => {
    // Shiki compiles a grammar on first use and gives up on a line after 500 ms: on a busy machine the first
    // block of a language may come out less highlighted. Warm up, so the comparisons below compare like with like.
    await compileTrusted(kitchenSink);
    await compileTrusted(CODE_SOURCE);
  });

  it('a page using every feature is the same as without the sanitiser, and nothing is reported', async () => {
    const sanitised = await compile(kitchenSink);
    const trusted = await compileTrusted(kitchenSink);
    expect(sanitised.diagnostics).toEqual([]);
    expect(sanitised.html).toBe(trusted.html);
    expect(sanitised.headings).toEqual(trusted.headings);
    expect(sanitised.excerpt).toBe(trusted.excerpt);
    // The ids are not prefixed: anchors and {#custom-id} links work as before.
    expect(sanitised.html).toContain('<h2 id="custom-id">Own id<a href="#custom-id" class="hash-link"');
    expect(sanitised.html).toContain('<div class="tabs-container" data-group-id="os" data-query-string="os">');
    expect(sanitised.html).toContain(
      '<path id="p" d="M0 0L10 10" stroke="url(#g)" stroke-width="2" fill="none"></path>',
    );
    expect(sanitised.html).toContain('<iframe src="https://www.youtube.com/embed/xyz"');
    expect(findScriptVectors(sanitised.html)).toEqual([]);
  });

  it('the same page in .md (raw HTML through rehype-raw) is the same too', async () => {
    const md =
      kitchenSink
        .split('\n')
        .filter(
          (line) =>
            !line.startsWith('import') &&
            !line.startsWith('<Tabs') &&
            !line.startsWith('<TabItem') &&
            !line.startsWith('</Tabs') &&
            !line.includes('useBaseUrl'),
        )
        .join('\n')
        .replace('strokeWidth={2}', 'stroke-width="2"')
        .replace("style={{color: 'red'}}", 'style="color: red"')
        .replace(/className=/g, 'class=')
        .replace('stopColor', 'stop-color')
        .replace('fontSize', 'font-size')
        .replace('playsInline', 'playsinline')
        .replace('allowFullScreen', 'allowfullscreen')
        .replace(
          '<video src="https://example.com/a.mp4" controls muted playsinline poster="https://example.com/a.png" />',
          '<video src="https://example.com/a.mp4" controls muted playsinline poster="https://example.com/a.png"></video>',
        ) + '\n<!-- a comment stays -->\n';
    const sanitised = await compile(md, 'md');
    const trusted = await compileTrusted(md, 'md');
    expect(sanitised.diagnostics).toEqual([]);
    expect(sanitised.html).toBe(trusted.html);
    expect(sanitised.html).toContain('<!-- a comment stays -->');
  });

  it('code stays text: </code><script> in a block, a title or a language never becomes markup', async () => {
    const source = CODE_SOURCE;
    for (const format of ['md', 'mdx'] as const) {
      const sanitised = await compile(source, format);
      expect(findScriptVectors(sanitised.html)).toEqual([]);
      // (`.md` loses a block's title today: rehype-raw drops the code element's meta.)
      if (format === 'mdx')
        expect(sanitised.html).toContain('<div class="code-title">&lt;img src=x onerror=alert(1)&gt;</div>');
      expect(sanitised.html).toContain('&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(sanitised.html).toContain('data-lang="js&quot;&gt;&lt;img/src/onerror=alert(2)&gt;"');
      expect(sanitised.html).toContain(
        '<pre class="mermaid">graph TD; A["&#x3C;img src=x onerror=alert(3)>"]-->B</pre>',
      );
      expect(sanitised.html).toBe((await compileTrusted(source, format)).html);
    }
  });

  it('the API reference (TSDoc Markdown) is sanitised too', async () => {
    const html = await renderMarkdownFragment(
      'Summary <img src="x.png" onerror="alert(1)"> and [a link](javascript:alert(2)).\n\n<script>alert(3)</script>\n',
      await testContext(),
      '/docs/api',
    );
    expect(findScriptVectors(html)).toEqual([]);
    expect(html).not.toMatch(/alert/);
    expect(html).toContain('<p>Summary <img src="x.png" loading="lazy" decoding="async"> and <a>a link</a>.</p>');
  });
});

describe('sanitised pages: what the theme and the browser could be tricked with', () => {
  it('removes the data attributes the theme scripts act on, in any spelling, and keeps the others', async () => {
    const { html, diagnostics } = await compile(
      '<div data-fragments="https://evil.example/" data-Lazy="x" dataIsland="toc" data-persist data-tracking="keep">x</div>\n',
    );
    expect(html).toBe('<div data-tracking="keep">x</div>');
    expect(warnings(diagnostics)).toEqual([
      "1:1 removed the data-fragments attribute of <div> (the theme's scripts act on it)",
      "1:1 removed the data-lazy attribute of <div> (the theme's scripts act on it)",
      "1:1 removed the data-island attribute of <div> (the theme's scripts act on it)",
      "1:1 removed the data-persist attribute of <div> (the theme's scripts act on it)",
    ]);
  });

  it('keeps name only where it cannot shadow document properties (DOM clobbering)', async () => {
    const { html } = await compile(
      '<img src="/logo.png" name="querySelector" /> <a name="old">a</a> <iframe name="x" src="https://example.com" />\n',
    );
    expect(html).not.toContain('name="querySelector"');
    expect(html).not.toContain('name="x"');
    expect(html).toContain('<a name="old">a</a>');
  });

  it('keeps only the raw HTML docsgen wrote itself: any other raw node is removed, with a warning', () => {
    const file = new VFile({ path: 'page.md' });
    const tree: Root = {
      type: 'root',
      children: [
        createTrustedRaw('<div class="code-block">kept</div>'),
        {
          type: 'raw',
          value: '<img src=x onerror=alert(1)>',
          position: { start: { line: 3, column: 1 }, end: { line: 3, column: 30 } },
        },
        { type: 'element', tagName: 'p', properties: {}, children: [createTrustedRaw('<b>also kept</b>')] },
      ] as Root['children'],
    };
    const clean = rehypeSanitizePage()(tree, file);
    expect(toHtml(clean, { allowDangerousHtml: true })).toBe(
      '<div class="code-block">kept</div><p><b>also kept</b></p>',
    );
    expect(file.messages.map((m) => `${m.line}:${m.column} ${m.reason} [${m.ruleId}]`)).toEqual([
      '3:1 removed raw HTML [unsafe-html]',
    ]);
  });

  it('content cannot forge the placeholder that holds code blocks', async () => {
    const { html } = await compile(
      '<dg-trusted-0123456789abcdef>text</dg-trusted-0123456789abcdef>\n\n```js\nx\n```\n',
      'md',
    );
    expect(html).not.toContain('dg-trusted');
    expect(html.match(/class="code-block"/g)).toHaveLength(1);
    expect(html).toContain('text');
  });

  it('reads names as the browser does: ONERROR, on-error spellings and upper-case tags are judged, not passed', async () => {
    const { html } = await compile(
      '<div onerror="a()" ONMOUSEOVER="b()" onClick="c()">x</div>\n\n<img src="/logo.png" SRCSET="javascript:d() 1x" />\n',
      'md',
    );
    expect(findScriptVectors(html)).toEqual([]);
    expect(html).not.toMatch(/\(\)/);
  });

  it('attributes named after Object.prototype are removed, not a crash', async () => {
    // MDX refuses the name at its place before the sanitiser sees it; raw HTML in .md loses it in the HTML parser.
    const mdx = await compile('<div constructor="x" title="t">a</div>\n');
    expect(mdx.html).toBe('<div title="t">a</div>');
    expect(mdx.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      "1:6 the attribute name 'constructor' is not allowed: it is a built-in property of every JavaScript object",
    ]);
    const md = await compile('<div constructor="x" title="t">a</div>\n', 'md');
    expect(md.html).toBe('<div title="t">a</div>');
  });

  it('every data attribute the browser code reads is reserved, or one the tab markup writes', () => {
    // templates/client/, the theme's browser helpers (the islands' hooks, the colour mode) and the shared modules.
    const browserDirs = ['templates/client', 'templates/theme/browser', 'templates/shared'].map((dir) =>
      path.join(repoRoot, dir),
    );
    const files = browserDirs.flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    const read = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/dataset\.([a-zA-Z]+)/g))
        read.add(`data-${m[1].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
      for (const m of source.matchAll(/\bdata-[a-z-]+/g)) read.add(m[0]);
    }
    const contentMarkup = new Set(['data-value', 'data-group-id', 'data-query-string']);
    const unreserved = [...read].filter((name) => !RESERVED_DATA_ATTRIBUTES.includes(name) && !contentMarkup.has(name));
    expect(unreserved).toEqual([]);
    expect(read.size).toBeGreaterThan(10);
  });

  it('the schema names attributes as hast does (a misspelt name would silently drop them)', () => {
    const wrong: string[] = [];
    for (const [tag, definitions] of Object.entries(sanitizeSchema.attributes ?? {})) {
      const space =
        ['svg', 'g', 'path'].includes(tag) ||
        /^[a-z]+[A-Z]/.test(tag) ||
        (sanitizeSchema.attributes?.svg ?? []).length === definitions.length
          ? svgSpace
          : htmlSpace;
      for (const definition of definitions) {
        const name = typeof definition === 'string' ? definition : definition[0];
        if (name === 'data*') continue;
        if (find(space, find(space, name).attribute.toLowerCase()).property !== name) wrong.push(`${tag}: ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('markdown.trustContent: true', () => {
  it('lets inline script and handlers through (the opt-in really works)', async () => {
    const source =
      '<script>window.ran = 1</script>\n\n<img src="/logo.png" onError="window.ran = 2" />\n\n<a href="javascript:void 0">x</a>\n';
    const { html, diagnostics } = await compileTrusted(source);
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<script>window.ran = 1</script>');
    expect(html).toContain('onerror="window.ran = 2"');
    expect(html).toContain('href="javascript:void 0"');
    expect(findScriptVectors(html)).toHaveLength(3);
  });
});
