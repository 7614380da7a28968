import { describe, expect, it } from 'vitest';
import { findMdxSign, warnMdxInMarkdown } from '../../../cli/markdown/mdx-in-markdown.js';

describe('MDX source in a page read as CommonMark', () => {
  it('finds a top-level import or export, and a component tag at the start of a line', () => {
    expect(findMdxSign("Text.\n\nimport Tabs from '@theme/Tabs';\n")).toEqual({
      line: 3,
      column: 1,
      what: 'an `import` line',
    });
    expect(findMdxSign("import './styles.css';")).toEqual({ line: 1, column: 1, what: 'an `import` line' });
    expect(findMdxSign('export const meta = {};')).toEqual({ line: 1, column: 1, what: 'an `export` line' });
    expect(findMdxSign('Intro\n\n  <TabItem value="a">')).toEqual({
      line: 3,
      column: 3,
      what: 'the component tag <TabItem>',
    });
    expect(findMdxSign('</Tabs>')).toEqual({ line: 1, column: 1, what: 'the component tag </Tabs>' });
    expect(findMdxSign('<Admonition type="tip"/>')?.what).toBe('the component tag <Admonition>');
  });

  it('passes prose, HTML elements and fenced code', () => {
    expect(
      findMdxSign(
        'Import the module, then export it.\n\n<div>html</div>\n<br>\n\n```js\nimport x from "y"\n<Tabs>\n```\n',
      ),
    ).toBeUndefined();
    expect(findMdxSign('important from here\nexporting\n<3 Tabs\n<Tabs; not a tag')).toBeUndefined();
    expect(findMdxSign('Indented code:\n\n    <Tabs>\n\tfoo <Tabs>')).toBeUndefined();
  });

  it('reads a 1 MB line of near-misses in one pass', () => {
    const line = '<A'.repeat(500_000);
    expect(findMdxSign(`${line}\n${'import '.repeat(150_000)}`)).toBeUndefined();
  });
});

describe('the mdx-in-markdown warning', () => {
  const source = 'Text.\n\n<Tabs>\n';
  it('is placed in the file, below its front matter, and says how to compile the page as MDX', () => {
    expect(warnMdxInMarkdown(source, { file: 'content/docs/a.md', bodyLineOffset: 4, frontMatter: {} })).toMatchObject({
      rule: 'mdx-in-markdown',
      line: 7,
      column: 1,
      hint: expect.stringContaining('rename it to .mdx'),
    });
    expect(warnMdxInMarkdown(source, { file: 'content/docs/a.mdx', bodyLineOffset: 0, frontMatter: {} })?.hint).toBe(
      "compile it as MDX: set markdown.format: 'mdx' (Docusaurus 3's default) or 'detect' in the config, or add `format: mdx` to its front matter",
    );
  });

  it('is not given when the front matter chose format: md', () => {
    expect(
      warnMdxInMarkdown(source, { file: 'content/docs/a.md', bodyLineOffset: 0, frontMatter: { format: 'md' } }),
    ).toBeUndefined();
  });
});
