import type { Diagnostic, PageContent } from '../types.js';

/** A Markdown file named `_*` in the docs folder: a partial, never a page. */
export interface PartialFile {
  /** Relative to the site root, as diagnostics name files. */
  file: string;
  /** Its path in the docs folder and its real path: a page's `reads` hold either. */
  paths: string[];
}

/**
 * A warning for each partial no page of this build imports. As on Docusaurus,
 * a file whose name starts with `_` is never a page, so `_intro.md` (or
 * `__proto__.md`) meant as a page would otherwise be left out without a word.
 * Partials in a folder named `_*` are not listed, so never reported.
 */
export function findUnusedPartials(partials: PartialFile[], pages: PageContent[]): Diagnostic[] {
  if (partials.length === 0) return [];
  const read = new Set(pages.flatMap((page) => (page.reads ?? []).map((stamp) => stamp.path)));
  return partials
    .filter((partial) => !partial.paths.some((p) => read.has(p)))
    .map((partial) => ({
      severity: 'warning',
      rule: 'unused-partial',
      message: 'not a page: a file whose name starts with _ is a partial, and no page of this build imports it',
      file: partial.file,
      hint: 'to make it a page, rename it without the leading _; to keep it as a partial, import it from a page (or move it into a folder named _partials, which is never reported)',
    }));
}
