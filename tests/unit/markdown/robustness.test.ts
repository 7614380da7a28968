import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../helpers/compile.js';

/** Pieces real (and half-written) docs are made of, including broken ones. */
const fragment = fc.constantFrom(
  '# Title\n',
  '## Section {#custom}\n',
  '### Sub\n',
  'Plain text with **bold** and `code`.\n',
  '- item\n  - nested\n',
  '> quote\n',
  ':::tip\n',
  ':::warning[Title]\n',
  ':::\n',
  '```tsx title="a.tsx" {1}\nconst a = <b />\n```\n',
  '```\n',
  '~~~\n',
  '| a | b |\n|---|---|\n| 1 | 2 |\n',
  '<Tabs groupId="x">\n',
  '<TabItem value="a" label="A">\n',
  '</TabItem>\n',
  '</Tabs>\n',
  '<div className="x">\n',
  '</div>\n',
  '<details>\n<summary>S</summary>\n',
  '</details>\n',
  '{1 + 1}\n',
  "{'text'}\n",
  '{process.exit(1)}\n',
  'export const x = {a: 1};\n',
  "import Tabs from '@theme/Tabs';\n",
  "import fs from 'fs';\n",
  '<!-- comment -->\n',
  '<!-- open\n',
  '[link](./other.md)\n',
  '![img](/missing.png)\n',
  '[ref]: https://example.com\n',
  '<Unknown />\n',
  '{\n',
  '}\n',
  '<\n',
  '\\\n',
  '\u0000',
  '\uFFFD',
  '😀\n',
  '\n',
);

const document = fc
  .tuple(fc.array(fragment, { maxLength: 25 }), fc.string({ maxLength: 20 }), fc.nat())
  .map(([parts, noise, at]) => {
    const text = parts.join('\n');
    const i = text.length ? at % text.length : 0;
    return text.slice(0, i) + noise + text.slice(i);
  });

describe('the content pipeline on generated and mutated documents', () => {
  it.each(['md', 'mdx'] as const)('never throws, never hangs, and places every error (%s)', async (format) => {
    await fc.assert(
      fc.asyncProperty(document, async (source) => {
        const result = await compile(source, format);
        for (const d of result.diagnostics) {
          expect(d.file).toBe(`content/docs/guides/page.${format}`);
          if (d.severity === 'error') expect(d.line, `${d.rule}: ${d.message}`).toBeGreaterThan(0);
        }
      }),
      // A document takes milliseconds; one still compiling after 30 s is a hang, whatever else runs on the machine.
      { numRuns: 150, timeout: 30_000 },
    );
  });

  // Found by the property above (seed 345118842): mdast fails on JSX in a link's text without saying where.
  it('places a parser failure that carries no position at the start of the content, with a hint', async () => {
    const result = await compile('Intro.\n\n[<>link](./other.md)\n', 'mdx');
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'invalid-mdx',
        line: 1,
        column: 1,
        message: 'could not parse MDX: expected image or link on stack',
        hint: expect.stringContaining('look for JSX or `{…}` inside the text of a link or image'),
      }),
    ]);
  });

  // Issue 29's proof: a Docusaurus 2 page's `<i>` left open was reported at line 349 by a message naming 346 (the body's count).
  it("names the file's lines in the parser's own message, as the diagnostic does, after front matter", async () => {
    const result = await compile('---\ntitle: Page\n---\n\nText.\n\n1. one <i>open\n   </i>\n', 'mdx');
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d.rule).toBe('invalid-mdx');
    expect(d.message).toContain('(7:');
    expect(d.message).not.toContain('(3:');
  });
});
