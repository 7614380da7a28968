import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createHighlighter, type BundledLanguage, type ThemedToken } from 'shiki';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGES } from '../../../cli/markdown/highlighter.js';
import { pairThemes } from '../../../cli/markdown/paired-theme.js';
import { repoRoot } from '../../helpers/run-cli.js';

/** Every fenced code block of this repository's guides, with its language. */
function guideCodeBlocks(): { lang: BundledLanguage; code: string }[] {
  const dir = path.join(repoRoot, 'content/docs/guides');
  const blocks: { lang: BundledLanguage; code: string }[] = [];
  for (const name of readdirSync(dir)) {
    const source = readFileSync(path.join(dir, name), 'utf8');
    for (const match of source.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm)) blocks.push({ lang: match[1] as BundledLanguage, code: match[2] });
  }
  return blocks;
}

/** The (light, dark, font) look of every character, whatever the span boundaries. */
function lookPerCharacter(lines: ThemedToken[][]): string[] {
  const look: string[] = [];
  for (const line of lines) {
    for (const token of line) {
      const style = token.htmlStyle as Record<string, string>;
      const key = `${style.color?.toUpperCase()}|${style['--shiki-dark']?.toUpperCase()}|${style['font-style'] ?? ''}|${style['text-decoration'] ?? ''}`;
      for (const _ of token.content) look.push(key);
    }
    look.push('\n');
  }
  return look;
}

describe('paired light/dark theme', () => {
  it("colours every character of the guides' code exactly as shiki's two-theme output does", async () => {
    const light = 'github-light-default';
    const dark = 'github-dark-default';
    const shiki = await createHighlighter({ themes: [light, dark], langs: DEFAULT_LANGUAGES });
    const paired = pairThemes(shiki.getTheme(light), shiki.getTheme(dark));
    expect(paired).toBeDefined();
    await shiki.loadTheme(paired!.theme);
    const blocks = guideCodeBlocks().filter((b) => shiki.getLoadedLanguages().includes(b.lang));
    expect(blocks.length).toBeGreaterThan(50);
    for (const { lang, code } of blocks) {
      const dual = shiki.codeToTokens(code, { lang, themes: { light, dark }, defaultColor: 'light' }).tokens;
      const single = paired!.transformer.tokens!.call({} as never, shiki.codeToTokens(code, { lang, theme: paired!.theme.name }).tokens) as ThemedToken[][];
      expect(lookPerCharacter(single), `${lang}: ${code.slice(0, 60)}`).toEqual(lookPerCharacter(dual));
    }
  });

  it('declines themes whose rules differ, so they are tokenised once each', async () => {
    const shiki = await createHighlighter({ themes: ['github-light-default', 'one-dark-pro'], langs: [] });
    expect(pairThemes(shiki.getTheme('github-light-default'), shiki.getTheme('one-dark-pro'))).toBeUndefined();
  });
});
