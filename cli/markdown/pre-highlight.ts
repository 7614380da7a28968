/**
 * Highlighting first, links after. On a site whose samples are type-checked,
 * the Markdown stage waits for the checker (the highlighter links the
 * samples' names), and shiki's first pass over a site's code (compiling its
 * grammars) costs seconds in each compile worker. So while TypeScript reads
 * the library, one worker thread highlights the guides' code blocks as they
 * are written; the compile workers are handed each page's blocks (and the
 * languages the grammars cover) and add the links, usually without starting
 * shiki at all. A block this pass got otherwise than the page does (a
 * generated block, a different meta) is highlighted by its worker as before:
 * the output never depends on this pass, only the time does.
 */
import { existsSync } from 'node:fs';
import type { SiteConfig } from '../config/schema.js';
import { CHECKED_LANGUAGES, LINKED_LANGUAGES } from '../samples/code-refs.js';
import { findSamples } from '../samples/find-samples.js';
import type { ContentFile } from '../types.js';
import { runPool, type HeapLimits } from '../workers/worker-pool.js';
import type { HighlightedCode } from './code-block-store.js';
import { compileDeadlineMs } from './compile-cost.js';
import { pageTimeoutMs } from './compile-pool.js';
import type { PlannedBlock } from './highlighter.js';
import type { HighlightedPage, HighlightInit } from './highlight-worker.js';
import { shownCode } from './plugins/rehype-code-blocks.js';

const SCRIPT = new URL('./highlight-worker.js', import.meta.url);
const LIMITS: HeapLimits = { maxYoungGenerationSizeMb: 64, maxOldGenerationSizeMb: 512 };

/** The guides' blocks, highlighted ahead: by the page's file, and the languages the grammars cover. */
export interface PreHighlighted {
  pages: Map<string, Record<string, HighlightedCode>>;
  languages?: string[];
}

/** Whether the pass can run: from lib/ only (a worker thread cannot load the TypeScript sources the tests run). */
export const canPreHighlight = () => existsSync(SCRIPT);

/** A page's blocks to highlight ahead. */
export interface PlannedPage {
  file: ContentFile;
  blocks: PlannedBlock[];
}

/** The pages with code blocks among `files`, with their blocks, but those `skip` says are highlighted already. */
export function planPreHighlight(
  files: ContentFile[],
  config: SiteConfig,
  skip: (file: ContentFile) => boolean,
): PlannedPage[] {
  return files
    .filter((file) => !skip(file))
    .map((file) => ({ file, blocks: plannedBlocks(file, config) }))
    .filter((page) => page.blocks.length > 0);
}

/**
 * Starts highlighting the pages' blocks on a worker thread of its own.
 * Resolves to what it highlighted; a page past its compile deadline (its
 * code is costly to highlight) is left to its compile worker, which has the
 * budgets for it.
 */
export async function preHighlight(pages: PlannedPage[], config: SiteConfig): Promise<PreHighlighted> {
  const found: PreHighlighted = { pages: new Map() };
  const stepMs = pageTimeoutMs();
  await runPool<HighlightInit, PlannedBlock[], HighlightedPage>({
    script: SCRIPT,
    limits: LIMITS,
    size: 1,
    init: { themes: config.highlight.themes, additionalLanguages: config.highlight.additionalLanguages },
    jobs: pages.map((page) => page.blocks),
    describe: (blocks) => `highlighting ${blocks.length} code blocks`,
    onDone: (index, result) => {
      found.pages.set(pages[index].file.file, result.blocks);
      found.languages ??= result.languages;
    },
    deadline: {
      ms: (blocks) => compileDeadlineMs(blocks.map((block) => block.code).join('\n'), stepMs),
      onStopped: () => undefined,
    },
  });
  return found;
}

/**
 * A page's fenced blocks as its compile will highlight them: the code shown
 * (magic comments applied, hidden setup lines cut), and whether exported names
 * are linked in it (not in a TypeScript block the checker checks).
 */
function plannedBlocks(file: ContentFile, config: SiteConfig): PlannedBlock[] {
  return findSamples(file.body)
    .filter((block) => block.lang !== '' && block.lang !== 'mermaid')
    .map((block) => {
      const lang = block.lang.toLowerCase();
      const checked = CHECKED_LANGUAGES.has(lang) && !/\bnocheck\b/.test(block.meta);
      const { text } = shownCode(block.code, block.lang, block.meta, config.markdown.magicComments);
      return { code: text, lang: block.lang, linksNames: LINKED_LANGUAGES.has(lang) && !checked };
    });
}
