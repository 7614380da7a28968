/**
 * Worker thread entry of pre-highlight.ts: highlights the code blocks of the
 * guides while the main thread waits for their samples to be type-checked.
 * Each job is one page's blocks; the answer is their highlighting by block
 * key, and the languages the site's grammars cover once they are loaded.
 */
import { serveJobs } from '../workers/worker-pool.js';
import { CodeBlockStore, type HighlightedCode } from './code-block-store.js';
import { highlighterOptionsOf } from './code-block-cache.js';
import { createCodeHighlighter, type PlannedBlock } from './highlighter.js';

export interface HighlightInit {
  themes: { light: string; dark: string };
  additionalLanguages: string[];
}

export interface HighlightedPage {
  blocks: Record<string, HighlightedCode>;
  /** The languages the grammars cover (with aliases), once some block loaded them. */
  languages?: string[];
}

serveJobs<HighlightInit, PlannedBlock[], HighlightedPage>(async (init) => {
  let languages: string[] | undefined;
  const highlighter = await createCodeHighlighter(highlighterOptionsOf(init), {
    // Each page's blocks go back with its answer: this thread keeps none of them past a few pages.
    blocks: new CodeBlockStore(),
    onLanguages: (found) => (languages = found),
  });
  return async (blocks) => {
    const highlighted = await highlighter.highlightAhead(blocks);
    return { blocks: highlighted, ...(languages ? { languages } : {}) };
  };
});
