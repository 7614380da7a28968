import { describe, expect, it } from 'vitest';
import { createCodeHighlighter, DEFAULT_LANGUAGES } from '../../../cli/markdown/highlighter.js';
import { compile } from '../../helpers/compile.js';

/** The colour of the first token of a block: plain text has one colour for all, a grammar gives keywords their own. */
const colours = (html: string) => new Set([...html.matchAll(/style="color:(#[0-9a-fA-F]+)/g)].map((m) => m[1]));

/**
 * Grammars load with the first page that has code in a language shiki knows,
 * all of the site's at once (a compile worker that loaded them up front spent
 * a few hundred milliseconds on pages with no code). Which fences are
 * highlighted, and how, is what it was with every grammar loaded.
 */
describe('grammars load with the first page that needs them', () => {
  // Themes of its own per test: highlighters of the same themes and languages share their grammars in a process.
  const themes = (n: number) => ({
    light: 'github-light-default',
    dark: ['github-dark-default', 'github-dark-dimmed', 'github-dark', 'one-dark-pro'][n]!,
  });

  it('refuses to highlight a known language before the grammars are loaded, rather than show it as plain text', async () => {
    const highlighter = await createCodeHighlighter({ themes: themes(0), languages: ['kotlin'] });
    expect(() => highlighter.toHtml('val a = 1', 'kotlin')).toThrow(/the kotlin grammar is used before it was loaded/);
    expect(() => highlighter.supports('python')).toThrow(/before it was loaded/);
    await highlighter.load(['kotlin']);
    expect(highlighter.supports('kotlin')).toBe(true);
    expect(colours(highlighter.toHtml('val a = "b"', 'kotlin')).size).toBeGreaterThan(1);
    // Loaded now, and still not configured: shown as plain text, as before.
    expect(highlighter.supports('python')).toBe(false);
  });

  it('loads every grammar for a page in any language shiki knows, named by any alias', async () => {
    const highlighter = await createCodeHighlighter({ themes: themes(1), languages: ['shellscript', 'typescript'] });
    await highlighter.load(['TS']);
    for (const lang of ['bash', 'sh', 'zsh', 'ts', 'TS', 'typescript'])
      expect(highlighter.tokenizes(lang), lang).toBe(true);
  });

  it('loads nothing for plain text and languages shiki does not know', async () => {
    const highlighter = await createCodeHighlighter({ themes: themes(2), languages: ['kotlin'] });
    await highlighter.load(['text', '', 'klingon', 'plaintext']);
    expect(highlighter.supports('text')).toBe(true);
    expect(highlighter.tokenizes('text')).toBe(false);
    expect(highlighter.supports('klingon')).toBe(false);
    expect(highlighter.toHtml('a < b', 'klingon')).toContain('a &lt; b');
    expect(() => highlighter.toHtml('val a = 1', 'kotlin')).toThrow(/before it was loaded/);
  });

  it('highlights the languages the configured ones embed (HTML, CSS, SQL), and still warns at one the site has no grammar for', async () => {
    const page = [
      '```html',
      '<p class="a">Hi</p>',
      '```',
      '',
      '```css',
      'p { color: red }',
      '```',
      '',
      '```sql',
      'SELECT 1',
      '```',
      '',
      '```python',
      'print(1)',
      '```',
    ].join('\n');
    const { html, diagnostics } = await compile(`# Page\n\n${page}\n`, 'md');
    const blocks = html.split('<div class="code-block"').slice(1);
    expect(blocks).toHaveLength(4);
    for (const block of blocks.slice(0, 3)) expect(colours(block).size, block.slice(0, 80)).toBeGreaterThan(1);
    expect(diagnostics.map((d) => `${d.line} ${d.rule} ${d.message}`)).toEqual([
      "15 unknown-language unknown code language 'python', shown as plain text",
    ]);
  });

  it("colours C++ the same whichever page comes first (grammars use each other's rules when loaded)", async () => {
    const cpp = '#include "a.h"\nnamespace n { int f() { return 1; } }';
    // The same languages in another order: two highlighters that share nothing.
    const cppFirst = await createCodeHighlighter({ themes: themes(3), languages: DEFAULT_LANGUAGES });
    const cFirst = await createCodeHighlighter({ themes: themes(3), languages: [...DEFAULT_LANGUAGES].reverse() });
    await cppFirst.load(['cpp']);
    await cFirst.load(['c']);
    cFirst.toHtml('int a;', 'c');
    await cFirst.load(['cpp']);
    expect(cppFirst.toHtml(cpp, 'cpp')).toBe(cFirst.toHtml(cpp, 'cpp'));
  });
});
