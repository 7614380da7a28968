import { describe, expect, it } from 'vitest';
import { isKnownMetaWord, splitMetaWords } from '../../../cli/markdown/code-meta-words.js';
import { compile } from '../../helpers/compile.js';

/**
 * Issue 29 §1: a code fence's meta word a Docusaurus plugin read (`live`,
 * `twoslash`) did nothing, without a word. Each is a warning at its place;
 * jest's ` ```js tab ` / ` ```ts tab ` pairs (docusaurus-remark-plugin-tab-blocks)
 * become tabs.
 */

type Content = Awaited<ReturnType<typeof compile>>;
const messagesOf = (content: Content) =>
  content.diagnostics.map((d) => `${d.severity} ${d.line}:${d.column}  ${d.message}  [${d.rule}]`);
const htmlOf = (content: Content) => content.html.replace(/\n/g, '');

describe('code fence meta words', () => {
  it('warns at a word docsgen does not read, at its column, with what to do', async () => {
    const content = await compile(
      '# Page\n\n```jsx live\n<Demo />\n```\n\n  ```ts title="a.ts" twoslash {1} noErrors\n  const a = 1\n  ```\n\n```ts title=a.ts\nconst b = 1\n```\n',
      'md',
    );
    expect(messagesOf(content)).toEqual([
      "warning 3:8  docsgen does not read the word 'live' in this code block's meta: the block is shown without what a Docusaurus plugin made of it  [unknown-code-meta]",
      "warning 7:22  docsgen does not read the words 'twoslash', 'noErrors' in this code block's meta: the block is shown without what a Docusaurus plugin made of them  [unknown-code-meta]",
      "warning 11:7  docsgen does not read the word 'title=a.ts' in this code block's meta: the block is shown without what a Docusaurus plugin made of it  [unknown-code-meta]",
    ]);
    expect(content.diagnostics.map((d) => d.hint)).toEqual([
      'live code blocks (@docusaurus/theme-live-codeblock) are not supported: the code is shown as a static block. Remove the word to silence this',
      expect.stringContaining(
        'docsgen reads title="…", {1,3-4}, showLineNumbers, npm2yarn, tab, file=…, nocheck and setup=',
      ),
      'quote the title: title="a.ts"',
    ]);
    expect(content.html).toContain('>Demo</span>');
  });

  it('reads every word it knows without a warning, in .md and .mdx', async () => {
    for (const format of ['md', 'mdx'] as const) {
      const content = await compile(
        '```tsx title="My App.tsx" {1, 3-4} showLineNumbers nocheck="a fragment"\nconst a = 1\n```\n\n```ts showLineNumbers=5 title=\'x\' nocheck\nconst b = 1\n```\n\n```bash npm2yarn\nnpm i x\n```\n',
        format,
      );
      expect(content.diagnostics).toEqual([]);
    }
  });

  it('warns about a <CodeBlock metastring> word at the element', async () => {
    const content = await compile(
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock language="js" metastring="live">{\'x()\'}</CodeBlock>\n',
    );
    expect(messagesOf(content)).toEqual([
      "warning 3:1  docsgen does not read the word 'live' in this code block's meta: the block is shown without what a Docusaurus plugin made of it  [unknown-code-meta]",
    ]);
  });

  it('splits a meta at blanks outside quotes and braces, in one pass', () => {
    expect(splitMetaWords(' title="a b"  {1, 2} tab={"label": "npm i"} x').map((w) => [w.text, w.start])).toEqual([
      ['title="a b"', 1],
      ['{1, 2}', 14],
      ['tab={"label": "npm i"}', 21],
      ['x', 44],
    ]);
    expect(splitMetaWords('a "unclosed b')).toEqual([
      { text: 'a', start: 0 },
      { text: '"unclosed b', start: 2 },
    ]);
    expect([
      'title="x"',
      "title='x'",
      '{1,3-4}',
      'showLineNumbers=2',
      'file=./a.ts#L1',
      'tab',
      'npm2yarn',
      'setup=camera',
      'nocheck',
    ]).toSatisfy((words: string[]) => words.every(isKnownMetaWord));
    expect(['live', 'title=x', 'title="x', '{a}', 'showLineNumbers=x', 'twoslash']).toSatisfy(
      (words: string[]) => !words.some(isKnownMetaWord),
    );
  });
});

describe('tab blocks (docusaurus-remark-plugin-tab-blocks)', () => {
  it("turns consecutive `tab` blocks into one tab group, JavaScript and TypeScript, keeping each block's title", async () => {
    const content = await compile(
      'Configure it:\n\n```js tab title="jest.config.js"\nmodule.exports = {};\n```\n\n```ts tab\nexport default {};\n```\n\nAfter.\n',
      'md',
    );
    expect(content.diagnostics).toEqual([]);
    const html = htmlOf(content);
    expect(html).toContain(
      '<div class="tabs-container" data-group-id="code-examples"><div role="tablist" class="tabs">',
    );
    expect(html).toMatch(
      /<button type="button" role="tab" id="tabs-1-tab-0" class="tab" aria-selected="true"[^>]*data-value="js">JavaScript<\/button><button[^>]*data-value="ts">TypeScript<\/button>/,
    );
    expect(html).toContain('<div class="code-title">jest.config.js</div>');
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
    expect(html).toMatch(/<\/div><\/div><p>After\.<\/p>$/);
  });

  it('reads tab={"label"} and tab={"span"}, and a group ends at the first other node', async () => {
    const content = await compile(
      '```bash tab={"label":"npm"}\nnpm i x\n```\n\n```bash tab={"label":"Yarn classic"}\nyarn add x\n```\n\n```js tab={"span":2}\na()\n```\n\n```js\nb()\n```\n\n```ts tab\nc()\n```\n\nText.\n\n```ts tab\nd()\n```\n',
      'md',
    );
    expect(content.diagnostics).toEqual([]);
    const html = htmlOf(content);
    expect(html.match(/class="tabs-container"/g)).toHaveLength(2);
    expect(html).toMatch(
      /data-value="npm">npm<\/button><button[^>]*data-value="yarn-classic">Yarn classic<\/button><button[^>]*data-value="js">JavaScript<\/button><button[^>]*data-value="ts">TypeScript<\/button>/,
    );
    // The js tab holds both of its blocks.
    const panels = html.split('role="tabpanel"');
    expect(panels[3]).toContain('>a</span>');
    expect(panels[3]).toContain('>b</span>');
    expect(panels[4]).toContain('>c</span>');
  });

  it('warns at a tab={…} that is not JSON of a label and a span, and still makes the tab', async () => {
    const content = await compile("```js tab={label:'x'}\na()\n```\n", 'md');
    expect(messagesOf(content)).toEqual([
      "warning 1:1  this code block's tab={label:'x'} is not JSON of a label and a span: the block is a tab with its language as the label  [unknown-code-meta]",
    ]);
    expect(content.html).toContain('>JavaScript</button>');
  });
});
