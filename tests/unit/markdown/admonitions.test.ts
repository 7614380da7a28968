import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, siteRoot, testContext } from '../../helpers/compile.js';

/**
 * Issue 29 §1: a Docusaurus site's admonitions never show as text. The types
 * Docusaurus 2 sites use (`important`, `secondary`, `success`) look as
 * Docusaurus draws them; a keyword the config adds is an admonition without
 * a word; any other `:::word` is a neutral admonition with a warning at its line.
 */

const guides = path.join(siteRoot, 'content/docs/guides');
mkdirSync(guides, { recursive: true });
const page = path.join(guides, 'page.mdx');
/** The page's HTML without the line breaks between block elements. */
const htmlOf = (content: Awaited<ReturnType<typeof compile>>) => content.html.replace(/\n/g, '');
const warnings = (content: Awaited<ReturnType<typeof compile>>) =>
  content.diagnostics.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column}  ${d.message}  [${d.rule}]`);

describe('admonitions of Docusaurus 2 and of the site', () => {
  it('draws important, secondary and success as Docusaurus does (the look of info, note and tip, titled with their own name), and caution', async () => {
    for (const format of ['md', 'mdx'] as const) {
      const content = await compile(
        ':::important\nRead this.\n:::\n\n:::secondary\nAside.\n:::\n\n:::success\nDone.\n:::\n\n:::caution\nCareful.\n:::\n',
        format,
      );
      expect(content.diagnostics).toEqual([]);
      expect(htmlOf(content)).toContain(
        '<aside class="admonition admonition-info admonition-important"><p class="admonition-title">Important</p><div class="admonition-content"><p>Read this.</p></div></aside>',
      );
      expect(htmlOf(content)).toContain(
        '<aside class="admonition admonition-note admonition-secondary"><p class="admonition-title">Secondary</p>',
      );
      expect(htmlOf(content)).toContain(
        '<aside class="admonition admonition-tip admonition-success"><p class="admonition-title">Success</p>',
      );
      expect(htmlOf(content)).toContain(
        '<aside class="admonition admonition-caution"><p class="admonition-title">Caution</p>',
      );
      expect(htmlOf(content)).not.toContain(':::');
    }
  });

  it('reads a title after any type, in both syntaxes (`:::important Read first`, `:::important[Read first]`)', async () => {
    const content = await compile(':::important Read first\nBody.\n:::\n\n:::success[All *good*]\nBody.\n:::\n');
    expect(content.diagnostics).toEqual([]);
    expect(htmlOf(content)).toContain('<p class="admonition-title">Read first</p>');
    expect(htmlOf(content)).toContain('<p class="admonition-title">All <em>good</em></p>');
  });

  it('shows a type it does not know as a neutral admonition titled with the word, and warns at its line', async () => {
    const content = await compile(
      '# Page\n\nText.\n\n:::release Version 2\nNew things.\n:::\n\n:::todo\nLater.\n:::\n',
      'md',
    );
    expect(htmlOf(content)).toContain(
      '<aside class="admonition"><p class="admonition-title">Version 2</p><div class="admonition-content"><p>New things.</p></div></aside>',
    );
    expect(htmlOf(content)).toContain('<aside class="admonition"><p class="admonition-title">Todo</p>');
    expect(htmlOf(content)).not.toContain(':::');
    expect(warnings(content)).toEqual([
      "warning content/docs/guides/page.md:5:1  ':::release' is not an admonition type docsgen knows: it is shown as a plain admonition titled 'Release'  [unknown-admonition]",
      "warning content/docs/guides/page.md:9:1  ':::todo' is not an admonition type docsgen knows: it is shown as a plain admonition titled 'Todo'  [unknown-admonition]",
    ]);
    expect(content.diagnostics[0].hint).toBe(
      "use one of note, tip, info, warning, danger, caution, important, secondary, success; or, if a plugin or theme of the site defined ':::release', add 'release' to markdown.admonitions.keywords in the config",
    );
  });

  it('takes the keywords of markdown.admonitions.keywords without a warning', async () => {
    const context = { ...(await testContext()), admonitionKeywords: ['release'] };
    const content = await compile(':::release\nNew things.\n:::\n', 'mdx', undefined, { context });
    expect(content.diagnostics).toEqual([]);
    expect(htmlOf(content)).toBe(
      '<aside class="admonition"><p class="admonition-title">Release</p><div class="admonition-content"><p>New things.</p></div></aside>',
    );
  });

  it('gives <Admonition type> the same types, and warns at an unknown one', async () => {
    const content = await compile(
      'import Admonition from \'@theme/Admonition\';\n\n<Admonition type="important">Read.</Admonition>\n\n<Admonition type="mystery">Hm.</Admonition>\n',
    );
    expect(htmlOf(content)).toContain(
      '<aside class="admonition admonition-info admonition-important"><p class="admonition-title">Important</p>',
    );
    expect(htmlOf(content)).toContain('<aside class="admonition"><p class="admonition-title">Mystery</p>');
    expect(warnings(content)).toEqual([
      'warning content/docs/guides/page.mdx:5:1  <Admonition type="mystery">: \'mystery\' is not an admonition type docsgen knows: it is shown as a plain admonition  [unknown-admonition]',
    ]);
  });

  it("warns about an unknown type in a partial at the partial's own line", async () => {
    writeFileSync(
      path.join(guides, '_shared.mdx'),
      'Shared.\n\n:::important\nFrom the partial.\n:::\n\n:::custom\nOdd.\n:::\n',
    );
    const content = await compile("import Shared from './_shared.mdx';\n\n# Page\n\n<Shared />\n", 'mdx', page);
    expect(htmlOf(content)).toContain(
      '<aside class="admonition admonition-info admonition-important"><p class="admonition-title">Important</p><div class="admonition-content"><p>From the partial.</p>',
    );
    expect(warnings(content)).toEqual([
      "warning content/docs/guides/_shared.mdx:7:1  ':::custom' is not an admonition type docsgen knows: it is shown as a plain admonition titled 'Custom'  [unknown-admonition]",
    ]);
  });

  it('still keeps leaf and text directives as the text they were written as', async () => {
    const content = await compile('Ratio 16:9, note:this and ::leaf stay.\n\n::leaf[x]\n', 'md');
    expect(content.diagnostics).toEqual([]);
    expect(htmlOf(content)).toContain('Ratio 16:9, note:this and ::leaf stay.');
    expect(htmlOf(content)).toContain('<p>::leaf[x]</p>');
  });

  it('warns at an admonition never closed (Docusaurus 2 ended one at `:::note`; here it holds the rest of the page), once for the outermost', async () => {
    const source =
      '---\ntitle: Page\n---\n\n:::info\nAn aside.\n:::note\n\n## Next section\n\nText.\n\n:::tip\nA tip.\n:::\n\nMore text.\n';
    for (const format of ['md', 'mdx'] as const) {
      const content = await compile(source, format);
      expect(warnings(content)).toEqual([
        `warning content/docs/guides/page.${format}:7:1  ':::note' is never closed: everything after it, to the end of the page or of the block around it, is drawn inside this admonition  [unclosed-admonition]`,
      ]);
      expect(content.diagnostics[0].hint).toBe(
        "end it with a line of ':::' where it should end; a line such as ':::note' opens another admonition inside it (Docusaurus 2 read it as the end, Docusaurus 3 and docsgen do not)",
      );
    }
    const atEnd = await compile('# Page\n\n:::warning\nLast words.\n');
    expect(warnings(atEnd)).toEqual([
      "warning content/docs/guides/page.mdx:3:1  ':::warning' is never closed: everything after it, to the end of the page or of the block around it, is drawn inside this admonition  [unclosed-admonition]",
    ]);
  });

  it('does not warn at admonitions that are closed: nested with more colons, in a blockquote or a list, with spaces after the fence, in a partial', async () => {
    writeFileSync(path.join(guides, '_closed.mdx'), ':::tip\nShared.\n:::\n');
    const content = await compile(
      "import Closed from './_closed.mdx';\n\n::::note Outer\nA.\n\n:::tip\nInner.\n:::\n\n::::\n\n> :::info\n> Quoted.\n> :::\n\n- item\n\n  :::caution\n  Listed.\n  :::  \n\n<Closed />\n",
      'mdx',
      page,
    );
    expect(content.diagnostics).toEqual([]);
    expect(htmlOf(content).match(/<aside/g)).toHaveLength(5);
  });
});
