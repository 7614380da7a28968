/**
 * The checker finds blocks by scanning fences, the highlighter meets them in
 * the parsed Markdown: both must see the same blocks, or a block's links
 * (looked up by `sampleKey`) would be lost. The parser here is the one the
 * build uses (remark-parse, with remark-mdx for .mdx).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code, Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { sampleKey } from '../../../cli/samples/code-refs.js';
import { findSamples } from '../../../cli/samples/find-samples.js';
import { md, REPO } from './checker-fixture.js';

/** The code blocks the parser finds: key and first code line. */
function parsedBlocks(source: string, format: 'md' | 'mdx'): string[] {
  const parser = unified().use(remarkParse);
  if (format === 'mdx') parser.use(remarkMdx);
  const tree = parser.parse(source) as Root;
  const found: string[] = [];
  visit(tree, 'code', (node: Code) => {
    found.push(
      `${node.position!.start.line + 1} ${node.lang ?? ''} ${sampleKey(node.lang ?? '', node.meta ?? '', node.value)}`,
    );
  });
  return found;
}

function scannedBlocks(source: string): string[] {
  return findSamples(source).map((b) => `${b.line} ${b.lang} ${sampleKey(b.lang, b.meta, b.code)}`);
}

const guides = path.join(REPO, 'content/docs/guides');

describe('findSamples finds the blocks the Markdown parser finds', () => {
  it.each(readdirSync(guides).filter((f) => f.endsWith('.mdx')))('in the guide %s', (name) => {
    const source = readFileSync(path.join(guides, name), 'utf8');
    expect(scannedBlocks(source)).toEqual(parsedBlocks(source, 'mdx'));
  });

  it.each([
    [
      'indented inside JSX',
      md(
        '<Tabs>',
        '  <TabItem value="a">',
        '',
        '    ```tsx title="A.tsx"',
        '    const a = 1',
        '      nested()',
        '    ```',
        '',
        '  </TabItem>',
        '</Tabs>',
      ),
      'mdx',
    ],
    ['in a list item', md('1. Step', '', '   ```ts', '   const a = 1', '   ```'), 'md'],
    ['with tildes and a longer fence', md('~~~~ts  title="x"  ', '```', 'code', '~~~~'), 'md'],
    ['unclosed', md('text', '', '```ts', 'const a = 1', ''), 'md'],
  ] as const)('%s', (_name, source, format) => {
    expect(scannedBlocks(source)).toEqual(parsedBlocks(source, format));
  });
});
