import type { Element, Root } from 'hast';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { rehypeSourceAsText } from '../../../cli/markdown/plugins/rehype-source-as-text.js';
import { findMdxComment, readLineSign } from '../../../cli/markdown/source-signs.js';
import { compile } from '../../helpers/compile.js';
import { expectLinearGrowth } from '../../helpers/cost-growth.js';

/** The page's source-as-text warnings, one line each: `line:column  message`. */
async function leaks(source: string, format: 'md' | 'mdx' = 'mdx'): Promise<string[]> {
  const { diagnostics } = await compile(source, format);
  return diagnostics
    .filter((d) => d.rule === 'source-as-text')
    .map((d) => `${d.line}:${d.column ?? '-'}  ${d.message.slice(0, d.message.indexOf(' is shown'))}`);
}

/** Three lines of front matter: every line below is its body's line plus 3. */
const FM = '---\ntitle: Leaks\n---\n';

describe('the safety net: Markdown or MDX source a page shows as text', () => {
  it('an `import` or `export` line MDX did not read (in a list, after text, in a blockquote), at its line', async () => {
    expect(await leaks(`${FM}Intro.\n\n- import Tabs from '@theme/Tabs';\n`)).toEqual(['6:3  an `import` line']);
    expect(await leaks(`${FM}Some text\nimport TabItem from '@theme/TabItem';\n`)).toEqual(['5:-  an `import` line']);
    expect(await leaks(`${FM}> export const answer = 42;\n`)).toEqual(['4:3  an `export` line']);
  });

  it('an admonition fence remark-directive did not read (`::: tip`, a stray `:::`)', async () => {
    expect(await leaks(`${FM}::: tip\nBe kind.\n:::\n`)).toEqual(["4:1  the admonition fence ':::'"]);
    expect(await leaks(`${FM}Text.\n\n:::\n`)).toEqual(["6:1  the admonition fence ':::'"]);
  });

  it('an MDX comment in a page read as CommonMark', async () => {
    expect(await leaks(`${FM}Text {/* a note for authors */} more.\n`, 'md')).toEqual([
      '4:6  an MDX comment `{/* … */}`',
    ]);
  });

  it('an escaped component tag (`\\<TabItem …>`, `&lt;Tabs&gt;`)', async () => {
    expect(await leaks(`${FM}\\<TabItem value="a">\n`)).toEqual(['4:1  the component tag <TabItem>']);
    expect(await leaks(`${FM}Text.\n\n&lt;/Tabs&gt;\n`)).toEqual(['6:1  the component tag </Tabs>']);
    expect(await leaks(`${FM}\\<Camera device="back" />\n`)).toEqual(['4:1  the component tag <Camera>']);
  });

  it('an empty code block, at its fence', async () => {
    expect(await leaks(`${FM}Text.\n\n\`\`\`tsx\n\`\`\`\n`)).toEqual(['6:1  an empty code block']);
    expect(await leaks(`${FM}<pre></pre>\n`, 'md')).toEqual(['4:1  an empty code block']);
  });

  it('a magic comment left in the code (not a comment in the language, or the meta marks lines), at its line', async () => {
    expect(await leaks(`${FM}\`\`\`bash\necho a\n// highlight-next-line\necho b\n\`\`\`\n`)).toEqual([
      "6:-  the magic comment '// highlight-next-line'",
    ]);
    expect(await leaks(`${FM}\`\`\`js {3}\nconst a = 1\n// highlight-next-line\nconst b = 2\n\`\`\`\n`)).toEqual([
      "6:-  the magic comment '// highlight-next-line'",
    ]);
  });

  it('says how to fix each, and one warning per kind and paragraph', async () => {
    const { diagnostics } = await compile(`${FM}- import A from 'a';\n  import B from 'b';\n  ::: tip\n`);
    expect(diagnostics.map((d) => [d.rule, d.severity, d.line])).toEqual([
      ['source-as-text', 'warning', 4],
      ['source-as-text', 'warning', 6],
    ]);
    expect(diagnostics[0].hint).toContain('MDX reads `import` only at the top level');
    expect(diagnostics[1].hint).toContain('closes with a `:::` line of its own');
  });

  it('leaves code blocks, inline code, MDX that was read and prose alone', async () => {
    const page = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      'Import the module from "react-native-vision-camera", then export it: import it once.',
      '',
      'Write `import X from "y"`, `{/* note */}` and `:::tip` in code. The <b>Camera</b> view is one component.',
      '',
      '{/* an MDX comment */}',
      '',
      ':::tip',
      'Be kind.',
      ':::',
      '',
      '<Tabs>',
      '<TabItem value="a">',
      '',
      '```mdx',
      "import Tabs from '@theme/Tabs';",
      ':::tip',
      '{/* note */}',
      '<TabItem value="a">',
      '// highlight-next-line',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '```js',
      "import x from 'y'",
      '// highlight-next-line',
      'x()',
      '```',
      '',
      '```bash',
      '# highlight-next-line',
      'echo hi',
      '```',
    ].join('\n');
    expect(await leaks(page)).toEqual([]);
    expect(
      await leaks('Import the module, then export it.\n\n<!-- a comment -->\n\n<div>Some HTML</div>\n', 'md'),
    ).toEqual([]);
  });

  it('is said once for the first MDX line of a page read as CommonMark (mdx-in-markdown says why), and again for the others', async () => {
    const { diagnostics } = await compile("import A from 'a';\n\nText.\n\n- import B from 'b';\n", 'md');
    expect(diagnostics.map((d) => `${d.line} [${d.rule}]`)).toEqual(['1 [mdx-in-markdown]', '5 [source-as-text]']);
  });
});

describe('reading a line of prose', () => {
  const sign = (line: string) => readLineSign(line, 0, line.length)?.what;

  it('knows import and export lines from prose that starts with the words', () => {
    expect(sign("import { a } from 'b';")).toBe('an `import` line');
    expect(sign("import type {A} from'b'")).toBe('an `import` line');
    expect(sign("import './styles.css';")).toBe('an `import` line');
    expect(sign('export default function Page() {')).toBe('an `export` line');
    expect(sign('export { a, b };')).toBe('an `export` line');
    for (const prose of [
      'Import the module from "x"',
      'import it from here',
      'important: from "x"',
      'imports from "x"',
      'export it',
      'exporting data',
      'export constants',
    ])
      expect(sign(prose)).toBeUndefined();
  });

  it('knows a line that is a component tag from prose that starts with one', () => {
    expect(sign('<Tabs')).toBe('the component tag <Tabs>');
    expect(sign('<Tabs groupId="os"')).toBe('the component tag <Tabs>');
    expect(sign('</TabItem></Tabs>')).toBe('the component tag </TabItem>');
    for (const prose of [
      '<Camera> is the component you render.',
      '<T> is its type parameter',
      '<3 Tabs',
      '<Tabs; not a tag',
      '<div class="x">',
    ])
      expect(sign(prose)).toBeUndefined();
  });

  it('finds an MDX comment anywhere', () => {
    expect(findMdxComment('a {/* b */}')?.at).toBe(2);
    expect(findMdxComment('a { /* b */ }')).toBeUndefined();
  });

  it('reads a page of near-misses in time linear in its size', async () => {
    const nearMisses = [
      'import ' + 'from '.repeat(40),
      '<A'.repeat(40),
      'export ' + 'x'.repeat(40),
      '{/'.repeat(40),
      ':: '.repeat(20),
    ];
    const page = (scale: number): Root => {
      const lines: string[] = [];
      for (let i = 0; i < 2_000 * scale; i++) lines.push(nearMisses[i % nearMisses.length]);
      const paragraph = (text: string): Element => ({
        type: 'element',
        tagName: 'p',
        properties: {},
        children: [
          { type: 'text', value: text },
          { type: 'element', tagName: 'b', properties: {}, children: [{ type: 'text', value: text }] },
        ],
      });
      // One long paragraph, and as many short ones.
      return { type: 'root', children: [paragraph(lines.join('\n')), ...lines.map(paragraph)] };
    };
    await expectLinearGrowth('rehypeSourceAsText', page, (tree) => {
      const file = new VFile();
      rehypeSourceAsText()(tree, file);
      expect(file.messages).toEqual([]);
    });
  });
});
