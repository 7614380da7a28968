import { describe, expect, it } from 'vitest';
import { compile } from '../../helpers/compile.js';

const errorsOf = (content: Awaited<ReturnType<typeof compile>>) =>
  content.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column}  ${d.message}`);
/** The text of an HTML fragment, tags removed (for highlighted code). */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

describe('CodeBlock', () => {
  it('renders as a highlighted fenced block with its title and line numbers, from a {string}', async () => {
    const content = await compile(
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock language="ts" title="camera.ts" showLineNumbers>{`const zoom = 2;\\nconst fps = 60;`}</CodeBlock>\n',
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('<div class="code-block" data-lang="ts"><div class="code-title">camera.ts</div>');
    expect(content.html).toContain('line-numbers');
    expect(textOf(content.html)).toContain('const zoom = 2;\nconst fps = 60;');
  });

  it('keeps children written as text exactly, Markdown characters included', async () => {
    const content = await compile(
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock language="js">\nconst a = *b* + [c](d);\n</CodeBlock>\n',
    );
    expect(errorsOf(content)).toEqual([]);
    expect(textOf(content.html)).toContain('const a = *b* + [c](d);');
  });

  it('takes highlighted lines from metastring, and a JSX title as its text', async () => {
    const content = await compile(
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock language="ts" metastring="{2}" title={<b>Setup</b>}>{`a;\\nb;`}</CodeBlock>\n',
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('<div class="code-title">Setup</div>');
    expect(content.html).toMatch(/<span class="line highlighted">/);
  });
});

describe('TOCInline', () => {
  it("lists the page's headings between its levels, nested, ignoring the toc prop", async () => {
    const content = await compile(
      "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />\n\n## One\n\n### One a\n\n#### Too deep\n\n## Two\n",
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain(
      '<div class="toc-inline"><ul><li><a href="#one">One</a><ul><li><a href="#one-a">One a</a></li></ul></li><li><a href="#two">Two</a></li></ul></div>',
    );
  });
});

describe('details', () => {
  it('renders <Details summary> and <details> as details with their summary', async () => {
    const content = await compile(
      'import Details from \'@theme/Details\';\n\n<Details summary="Why?">\n\nBecause.\n\n</Details>\n\n<details>\n<summary>More</summary>\n\nInside.\n\n</details>\n',
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('<details><summary>Why?</summary><p>Because.</p></details>');
    expect(content.html).toContain('<details><summary>More</summary><p>Inside.</p></details>');
  });

  it('takes a JSX summary', async () => {
    const content = await compile(
      "import Details from '@theme/Details';\n\n<Details summary={<>Why <code>x</code>?</>}>\n\nBecause.\n\n</Details>\n",
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('<details><summary>Why <code>x</code>?</summary><p>Because.</p></details>');
  });
});

describe('JSX values in props', () => {
  it('shows a JSX tab label in the tab button, not in the panel', async () => {
    const content = await compile(
      'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs>\n<TabItem value="a" label={<b>Bold</b>}>\n\nPanel A.\n\n</TabItem>\n<TabItem value="b" label="Plain">\n\nPanel B.\n\n</TabItem>\n</Tabs>\n',
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toMatch(/<button[^>]*data-value="a"[^>]*><b>Bold<\/b><\/button>/);
    expect(content.html).toMatch(/<div role="tabpanel"[^>]*data-value="a"[^>]*><p>Panel A.<\/p><\/div>/);
  });

  it('shows a JSX admonition title, and items={[...]} arrays of literals', async () => {
    const content = await compile(
      "import Admonition from '@theme/Admonition';\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Admonition type=\"tip\" title={<>Use <code>zoom</code></>}>\n\nBody.\n\n</Admonition>\n\n<Tabs values={[{ label: 'One', value: 'a' }, { label: 'Two', value: 'b' }]}>\n<TabItem value=\"a\">A</TabItem>\n<TabItem value=\"b\">B</TabItem>\n</Tabs>\n",
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('<p class="admonition-title">Use <code>zoom</code></p>');
    expect(content.html).toMatch(/data-value="b"[^>]*>Two<\/button>/);
  });

  it('refuses code inside a JSX value at its place, and JSX where no component shows it', async () => {
    const content = await compile(
      'import TabItem from \'@theme/TabItem\';\nimport Tabs from \'@theme/Tabs\';\n\n<Tabs>\n<TabItem value="a" label={<b onClick={() => alert(1)}>x</b>}>A</TabItem>\n</Tabs>\n\n<div title={<b>x</b>}>y</div>\n\n<Tabs>\n<TabItem value="c" label={<Unknown />}>C</TabItem>\n</Tabs>\n',
    );
    expect(errorsOf(content)).toEqual([
      '5:39  a function is not allowed in content; use a literal value (content is never executed)',
      "8:1  JSX cannot be the value of the attribute 'title' of <div>",
      '11:27  unknown component <Unknown>; available: Tabs, TabItem, Admonition, Details, CodeBlock, DocCardList, TOCInline',
    ]);
    expect(content.html).not.toContain('alert');
  });
});

describe('theme imports', () => {
  it('refuses @theme/ modules docsgen does not draw, naming those it does', async () => {
    const content = await compile("import Layout from '@theme/Layout';\n\nText.\n");
    expect(errorsOf(content)[0]).toMatch(
      /^1:1 {2}import of '@theme\/Layout' is not allowed; content can only import @theme\/Tabs, @theme\/TabItem, @theme\/Admonition, @theme\/Details, @docusaurus\/useBaseUrl, @theme\/CodeBlock, @theme\/DocCardList, @theme\/TOCInline/,
    );
  });
});

describe('DocCardList marker', () => {
  it("cannot be forged by content: the attribute it is found by is removed from content's HTML", async () => {
    for (const [source, format] of [
      ['<div data-doc-card-list="1"></div>\n', 'md'],
      ['<div data-doc-card-list="1"></div>\n', 'mdx'],
    ] as const) {
      const content = await compile(source, format);
      expect(content.html).not.toContain('data-doc-card-list');
    }
  });

  it('is left where <DocCardList /> is, with its line in the file', async () => {
    const content = await compile(
      "---\ntitle: x\n---\nimport DocCardList from '@theme/DocCardList';\n\nText.\n\n<DocCardList />\n",
    );
    expect(content.html).toContain('<div data-doc-card-list="8"></div>');
  });
});
