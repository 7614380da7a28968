import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createHighlighter, type BundledLanguage } from 'shiki';
import { describe, expect, it } from 'vitest';
import { createCodeHighlighter, DEFAULT_LANGUAGES } from '../../../cli/markdown/highlighter.js';
import { pairThemes } from '../../../cli/markdown/paired-theme.js';
import { repoRoot } from '../../helpers/run-cli.js';

/** Every fenced code block of this repository's guides, with its language. */
function guideCodeBlocks(): { lang: BundledLanguage; code: string }[] {
  const dir = path.join(repoRoot, 'content/docs/guides');
  const blocks: { lang: BundledLanguage; code: string }[] = [];
  for (const name of readdirSync(dir)) {
    const source = readFileSync(path.join(dir, name), 'utf8');
    for (const match of source.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm))
      blocks.push({ lang: match[1] as BundledLanguage, code: match[2] });
  }
  return blocks;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x26': '&',
  '#x3C': '<',
  '#x3E': '>',
  '#x27': "'",
  '#x22': '"',
};

/** The same look per character, read off highlighted HTML: one entry per character, '\n' between lines. */
function lookOfHtml(html: string): string[] {
  const code = /<code>([\s\S]*)<\/code>/.exec(html)![1];
  const look: string[] = [];
  for (const line of code.split('\n')) {
    for (const [, style, text] of line.matchAll(/<span style="([^"]*)">([^<]*)<\/span>/g)) {
      const props = Object.fromEntries(style.split(';').map((part) => part.split(':') as [string, string]));
      const key = `${props.color?.toUpperCase()}|${props['--shiki-dark']?.toUpperCase()}|${props['font-style'] ?? ''}|${props['text-decoration'] ?? ''}`;
      for (const _ of text.replace(/&(#?\w+);/g, (_, name: string) => ENTITIES[name] ?? `&${name};`)) look.push(key);
    }
    look.push('\n');
  }
  return look;
}

/**
 * Shiki's own output, as docsgen's highlighter tokenises (cli/markdown/highlighter.ts): with no time limit per line.
 * Shiki's default limit (500 ms) leaves the rest of a line untokenised when the machine is busy, so the reference
 * would change with the load (it did, with other test runs beside this one).
 */
const REFERENCE = { tokenizeTimeLimit: 0 } as const;

describe('paired light/dark theme', () => {
  it("writes HTML that looks like shiki's own two-theme HTML, character by character", async () => {
    const light = 'github-light-default';
    const dark = 'github-dark-default';
    const shiki = await createHighlighter({ themes: [light, dark], langs: DEFAULT_LANGUAGES });
    const ours = await createCodeHighlighter({ themes: { light, dark }, languages: DEFAULT_LANGUAGES });
    const blocks = guideCodeBlocks().filter((b) => shiki.getLoadedLanguages().includes(b.lang));
    blocks.push({ lang: 'tsx', code: 'const tag = <a href="x&y">{a < b && "c"}</a>;\n\n// \'quoted\' & <escaped>' });
    await ours.load(blocks.map((b) => b.lang));
    for (const { lang, code } of blocks) {
      const html = ours.toHtml(code, lang);
      const pre = /<pre[\s\S]*<\/pre>/.exec(html)![0];
      const expected = shiki.codeToHtml(code, { lang, themes: { light, dark }, defaultColor: 'light', ...REFERENCE });
      expect(lookOfHtml(pre), `${lang}: ${code.slice(0, 60)}`).toEqual(lookOfHtml(expected));
    }
  });

  it("writes themes that do not pair up as shiki's own two-theme HTML would look, character by character", async () => {
    const light = 'github-light-default';
    const dark = 'one-dark-pro';
    const shiki = await createHighlighter({ themes: [light, dark], langs: ['tsx', 'kotlin'] });
    const ours = await createCodeHighlighter({ themes: { light, dark }, languages: ['tsx', 'kotlin'] });
    const blocks = [
      {
        lang: 'tsx',
        code: 'const tag = <a href="x&y">{a < b && "c"}</a>;\n\n// \'quoted\' & <escaped>\n  return   useCameraDevice(\'back\')',
      },
      { lang: 'kotlin', code: 'val x: Int = 1 // one\nfun f() = "s"' },
    ] as const;
    await ours.load(blocks.map((b) => b.lang));
    for (const { lang, code } of blocks) {
      const html = ours.toHtml(code, lang);
      expect(html).toMatch(
        /<pre class="shiki shiki-themes github-light-default one-dark-pro" style="background-color:#ffffff;--shiki-dark-bg:#282c34;color:#1f2328;--shiki-dark:#abb2bf">/,
      );
      const pre = /<pre[\s\S]*<\/pre>/.exec(html)![0];
      expect(lookOfHtml(pre), lang).toEqual(
        lookOfHtml(shiki.codeToHtml(code, { lang, themes: { light, dark }, defaultColor: 'light', ...REFERENCE })),
      );
    }
  });

  it('declines themes whose rules differ, so they are tokenised once each', async () => {
    const shiki = await createHighlighter({ themes: ['github-light-default', 'one-dark-pro'], langs: [] });
    expect(pairThemes(shiki.getTheme('github-light-default'), shiki.getTheme('one-dark-pro'))).toBeUndefined();
  });
});
