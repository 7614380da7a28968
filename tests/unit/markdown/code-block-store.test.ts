import { describe, expect, it, vi } from 'vitest';
import { CodeBlockStore, packBlocks, unpackBlocks } from '../../../cli/markdown/code-block-store.js';
import type { CodeBlockOptions, PlannedBlock } from '../../../cli/markdown/highlighter.js';

/** How many shiki highlighters this file's processes created: zero for a page whose code was highlighted before. */
const shiki = vi.hoisted(() => ({ started: 0 }));
vi.mock('shiki', async (importOriginal) => {
  const real = await importOriginal<typeof import('shiki')>();
  return {
    ...real,
    createHighlighter: (...args: Parameters<typeof real.createHighlighter>) => {
      shiki.started++;
      return real.createHighlighter(...args);
    },
  };
});

/** The highlighter module as a new process loads it (no shiki instance shared with an earlier one). */
async function freshHighlighterModule() {
  vi.resetModules();
  return import('../../../cli/markdown/highlighter.js');
}

const options = { themes: { light: 'github-light', dark: 'github-dark' }, languages: ['tsx', 'kotlin'] };
const blocks: PlannedBlock[] = [
  { code: 'const a = <T,>(x: T) => x;', lang: 'tsx' },
  { code: 'val b = "kotlin"', lang: 'kotlin' },
  { code: 'plain <text>', lang: 'text' },
  { code: 'qapla', lang: 'klingon' },
];
const look: CodeBlockOptions = { title: 'sample.tsx', highlightLines: new Set([1]), showLineNumbers: true };

/** A page's blocks as the compile worker stores them on disk and reads them back. */
function throughDisk(store: CodeBlockStore): CodeBlockStore {
  const next = new CodeBlockStore();
  next.add(unpackBlocks(JSON.parse(JSON.stringify(packBlocks(store.takeUsed())))));
  return next;
}

describe('highlighted blocks kept from an earlier build', () => {
  it('give the same HTML without starting shiki, and an edited block is highlighted anew', async () => {
    const first = await freshHighlighterModule();
    const store = new CodeBlockStore();
    let languages: string[] | undefined;
    const before = await first.createCodeHighlighter(options, { blocks: store, onLanguages: (l) => (languages = l) });
    await before.prepare(blocks);
    const html = blocks.map((b) => before.toHtml(b.code, b.lang, look));
    expect(shiki.started).toBe(1);
    expect(languages).toContain('kotlin');

    const again = await freshHighlighterModule();
    const after = await again.createCodeHighlighter(options, { blocks: throughDisk(store), languages });
    await after.prepare(blocks);
    expect(blocks.map((b) => after.toHtml(b.code, b.lang, look))).toEqual(html);
    expect(after.supports('klingon')).toBe(false);
    expect(after.tokenizes('kotlin')).toBe(true);
    expect(shiki.started).toBe(1);

    // The same block with one word changed: not in the store, so shiki starts and colours the new code.
    const edited = { code: 'val b = "edited"', lang: 'kotlin' };
    await after.prepare([edited]);
    expect(shiki.started).toBe(2);
    const editedHtml = after.toHtml(edited.code, edited.lang, look);
    expect(editedHtml).toContain('edited');
    expect(editedHtml.replace('edited', 'kotlin')).toBe(html[1]);
  });

  it('are not reused by a highlighter of other themes', async () => {
    const first = await freshHighlighterModule();
    const store = new CodeBlockStore();
    const light = await first.createCodeHighlighter(options, { blocks: store });
    await light.prepare(blocks.slice(0, 1));
    const html = light.toHtml(blocks[0].code, blocks[0].lang);

    const again = await freshHighlighterModule();
    const other = { ...options, themes: { light: 'min-light', dark: 'min-dark' } };
    const started = shiki.started;
    const themed = await again.createCodeHighlighter(other, { blocks: throughDisk(store) });
    await themed.prepare(blocks.slice(0, 1));
    expect(shiki.started).toBe(started + 1);
    const otherHtml = themed.toHtml(blocks[0].code, blocks[0].lang);
    expect(otherHtml).not.toBe(html);
    expect(otherHtml).toContain('min-light');
  });
});
