/**
 * `markdown.format` and front matter `format` (issue 19 §1): `.md` is MDX by
 * default, as in Docusaurus 3; 'detect' and 'md' read it as CommonMark and
 * say so at a line that would show as text; code-fence meta and magic
 * comments work in `.md` in every mode.
 *
 * The builds run in this test process (in-process-cli.ts): they are about
 * what a page builds to and what the report says. The one test about the
 * settings reaching the worker threads spawns the CLI (with DOCSGEN_WORKERS):
 * from the TypeScript sources, docsgen compiles every page on its main thread.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, repoRoot } from '../helpers/run-cli.js';

const SIDEBARS = "docs: { sidebars: { main: ['guides/intro', 'guides/second'] } }";
const withKeys = (keys: string) =>
  `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  ${keys}\n  ${SIDEBARS},\n};\n`;
const config = (name: string, keys: string, lines: string[]): BadInputCase => ({
  name,
  apply: (root) => writeFileSync(path.join(root, 'build.config.ts'), withKeys(keys)),
  code: 2,
  lines,
});
/** A case whose step is writing `second.md` (its `## Details` kept: the intro links to it). */
const second = (name: string, markdown: string, code: 0 | 1, lines: string[], keys = ''): BadInputCase => ({
  name,
  apply: (root) => {
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), `# Second Page\n\n## Details\n\n${markdown}\n`);
    if (keys) writeFileSync(path.join(root, 'build.config.ts'), withKeys(keys));
  },
  code,
  lines,
});

const cases: BadInputCase[] = [
  config('a markdown.format docsgen does not know', "markdown: { format: 'commonmark' },", [
    'error  build.config.ts:4:15  markdown.format: Invalid option: expected one of "mdx"|"detect"|"md"  [invalid-config]',
  ]),
  config(
    'a magic comment class that would break the class attribute',
    "markdown: { magicComments: [{ className: 'x\" onclick=\"alert(1)', line: 'mark-next-line' }] },",
    [
      `error  build.config.ts:4:33  markdown.magicComments.0.className: 'x" onclick="alert(1)' is not a class name  [invalid-config]`,
      "    hint: use CSS class names (letters, digits, '-' and '_', not starting with a digit), separated by single spaces",
    ],
  ),
  config(
    'a magic comment directive with spaces',
    "markdown: { magicComments: [{ className: 'marked', line: 'mark the next line' }] },",
    ["markdown.magicComments.0.line: 'mark the next line' cannot be a magic comment  [invalid-config]"],
  ),
  config('a magic comment with neither line nor block', "markdown: { magicComments: [{ className: 'marked' }] },", [
    'markdown.magicComments.0: a magic comment needs `line`, `block` or both  [invalid-config]',
  ]),
  second(
    'a Docusaurus 2 habit MDX rejects in a .md file (located, with a hint to read it as CommonMark)',
    'Line one<br>\nline two.',
    1,
    [
      'error  content/docs/guides/second.md:5:1  could not parse MDX: Expected a closing tag for `<br>` (5:9-5:13) before the end of `paragraph`  [invalid-mdx]',
      "this .md file is compiled as MDX: if it is plain CommonMark, add `format: md` to its front matter (or set markdown.format: 'detect')",
    ],
  ),
  second(
    'MDX in a .md file read as CommonMark (a warning at the line, not a silent page)',
    "Intro.\n\nimport Tabs from '@theme/Tabs';\n\n<Tabs>\n</Tabs>",
    0,
    [
      'warning  content/docs/guides/second.md:7:1  this page is read as CommonMark, so an `import` line is shown as text  [mdx-in-markdown]',
      "    hint: compile it as MDX: set markdown.format: 'mdx' in the config (Docusaurus 3's default), add `format: mdx` to its front matter, or rename it to .mdx",
    ],
    "markdown: { format: 'detect' },",
  ),
  second(
    'a component tag in a .md file under markdown.format md',
    'Some text.\n\n  <TabItem value="a">',
    0,
    [
      'warning  content/docs/guides/second.md:7:3  this page is read as CommonMark, so the component tag <TabItem> is shown as text  [mdx-in-markdown]',
    ],
    "markdown: { format: 'md' },",
  ),
  config(
    'an admonition keyword that is not a word',
    "markdown: { admonitions: { keywords: ['release', 'two words'] } },",
    [
      "error  build.config.ts:4:30  markdown.admonitions.keywords.1: 'two words' cannot be an admonition keyword  [invalid-config]",
      "    hint: write the word content puts after ':::' (a letter, then letters, digits, '-' or '_'), like 'release'",
    ],
  ),
  second(
    'a tab block whose tab={…} is not JSON of a label and a span (a warning, and still a tab)',
    "```js tab={label:'x'}\na()\n```",
    0,
    [
      "warning  content/docs/guides/second.md:5:1  this code block's tab={label:'x'} is not JSON of a label and a span: the block is a tab with its language as the label  [unknown-code-meta]",
    ],
  ),
  second(
    'a highlight-start never ended (a warning at its line, the build goes on)',
    '```js\nconst a = 1;\n// highlight-start\nconst b = 2;\n```',
    0,
    [
      "warning  content/docs/guides/second.md:7:1  'highlight-start' has no end in this code block: the lines after it are marked to the end of the block  [magic-comment-unclosed]",
      "    hint: add a 'highlight-end' comment where the marked lines stop",
    ],
  ),
  second(
    'Markdown source a page would show as text, whatever let it through (the safety net: a warning at each line)',
    "- import Tabs from '@theme/Tabs';\n\n```js\n```\n\n```bash\n// highlight-next-line\necho hi\n```",
    0,
    [
      'warning  content/docs/guides/second.md:5:3  an `import` line is shown as text: the page shows source that was never compiled  [source-as-text]',
      '    hint: MDX reads `import` only at the top level of a page compiled as MDX, starting a paragraph of its own (not inside a list, a blockquote, a component, or after other text): move the line there, with a blank line before and after it',
      'warning  content/docs/guides/second.md:7:1  an empty code block is shown: the page has a code box with nothing in it  [source-as-text]',
      "warning  content/docs/guides/second.md:11:1  the magic comment '// highlight-next-line' is shown in the code: it marks no line  [source-as-text]",
      '    hint: in a bash block, a magic comment is read only as `# …`: write it so, or remove the line',
    ],
  ),
];

describe.concurrent('markdown.format and magic comments: bad input has a located message, nothing is lost', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });
  it.each(cases)('$name', (c) => expectBuildOutcome(base, c));
});

/** A page of the minimal site written as a Docusaurus 3 `.md` page: an import, Tabs, a code block with meta and a magic comment. */
const PAGE = [
  '# Second Page',
  '',
  '## Details',
  '',
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '<Tabs>',
  '  <TabItem value="a" label="A">Alpha</TabItem>',
  '</Tabs>',
  '',
  '```ts title="app.ts" {1,3-4} showLineNumbers',
  'const a = 1;',
  'const b = 2;',
  'const c = 3;',
  'const d = 4;',
  '```',
  '',
  '```ts',
  '// highlight-next-line',
  'const marked = true;',
  '```',
  '',
].join('\n');

async function buildWith(
  keys: string,
  frontMatter = '',
): Promise<{ html: string; stderr: string; code: number | null }> {
  const root = copySite('minimal');
  writeFileSync(path.join(root, 'content/docs/guides/second.md'), `${frontMatter}${PAGE}`);
  writeFileSync(path.join(root, 'build.config.ts'), withKeys(keys));
  const { code, stderr } = await runCliInProcess(['build', '--root', root]);
  const html = code === 0 ? readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8') : '';
  return { html, stderr, code };
}

/** The code block's title and its lines' classes, as a reader sees them. */
function codeLook(html: string) {
  return {
    title: /<div class="code-title">([^<]*)<\/div>/.exec(html)?.[1],
    lineNumbers: html.includes('line-numbers'),
    lines: [...html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1]),
  };
}

const FENCE_META = {
  title: 'app.ts',
  lineNumbers: true,
  lines: ['line highlighted', 'line', 'line highlighted', 'line highlighted', 'line highlighted'],
};

describe.concurrent('a .md page in each markdown.format', () => {
  it("'mdx' (the default): imports and Tabs are compiled, code meta and magic comments apply", async () => {
    const { html, stderr, code } = await buildWith('');
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('0 errors, 0 warnings');
    expect(html).toContain('<div class="tabs-container">');
    expect(html).not.toContain('import Tabs');
    expect(codeLook(html)).toEqual(FENCE_META);
    expect(html).not.toContain('highlight-next-line');
  });

  for (const format of ['detect', 'md']) {
    it(`'${format}': CommonMark, with a warning at the import; code meta and magic comments still apply`, async () => {
      const { html, stderr, code } = await buildWith(`markdown: { format: '${format}' },`);
      expect(code, stderr).toBe(0);
      expect(stderr).toContain(
        'content/docs/guides/second.md:5:1  this page is read as CommonMark, so an `import` line is shown as text  [mdx-in-markdown]',
      );
      expect(html).toContain('import Tabs from');
      expect(codeLook(html)).toEqual(FENCE_META);
      expect(html).not.toContain('highlight-next-line');
    });
  }

  it("front matter format: mdx wins over markdown.format: 'md', and format: md keeps a CommonMark page quiet", async () => {
    const mdx = await buildWith("markdown: { format: 'md' },", '---\nformat: mdx\n---\n');
    expect(mdx.code, mdx.stderr).toBe(0);
    expect(mdx.html).toContain('<div class="tabs-container">');
    expect(mdx.stderr).not.toContain('[mdx-in-markdown]');
    const md = await buildWith('', '---\nformat: md\n---\n');
    expect(md.code, md.stderr).toBe(0);
    expect(md.html).toContain('import Tabs from');
    expect(md.stderr).not.toContain('[mdx-in-markdown]');
  });

  it('a front matter format docsgen does not know is an error at its line', async () => {
    const { code, stderr } = await buildWith('', '---\nformat: rst\n---\n');
    expect(code).toBe(1);
    expect(stderr).toContain('content/docs/guides/second.md:2:');
    expect(stderr).toContain('format');
  });
});

describe('the markdown settings on worker threads', () => {
  it('reach the pages compiled by the pool: configured magic comments and npm2yarn off (DOCSGEN_WORKERS=2, 300 pages)', () => {
    const root = copySite('minimal');
    const page = (n: number) =>
      `# Page ${n}\n\n\`\`\`kotlin\n// error-next-line\nval x = ${n}\n\`\`\`\n\n\`\`\`bash npm2yarn\nnpm install x\n\`\`\`\n`;
    mkdirSync(path.join(root, 'content/docs/many'));
    for (let n = 0; n < 300; n++) writeFileSync(path.join(root, `content/docs/many/p${n}.md`), page(n));
    // No social images: 300 of them are drawn on workers of their own (about 7 s of CPU), not the compile pool this is about.
    writeFileSync(
      path.join(root, 'build.config.ts'),
      withKeys(
        "markdown: { magicComments: [{ className: 'code-error', line: 'error-next-line' }], npm2yarn: false }, socialImages: false,",
      ),
    );
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'build', '--root', root], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', DOCSGEN_WORKERS: '2' },
      timeout: 300_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const html = readFileSync(path.join(root, 'dist/docs/many/p150/index.html'), 'utf8');
    expect(html).toContain('<span class="line code-error">');
    expect(html).not.toContain('error-next-line');
    expect(html).not.toContain('tabs-container');
  }, 300_000);
});
