import { createRefsReader, type PageRefs } from './extract-html-refs.js';
import { createSectionsReader, type PageSection } from '../search/extract-sections.js';
import { walkHtml } from '../walk-html.js';

/** What the build reads from a rendered page before letting its HTML go. */
export interface PageReading {
  /** Its ids and link targets, for the link checker. */
  refs: PageRefs;
  /** Its search sections, when asked for. */
  sections?: PageSection[];
}

/**
 * Reads a rendered page in one parse: the link checker's ids and link
 * targets and, for a page that goes into the local search index, its
 * sections. The page is parsed once however many stages read it.
 */
export function readRenderedPage(
  html: string,
  options: { sections?: boolean; keep?: (text: string) => string } = {},
): PageReading {
  const refs = createRefsReader(options.keep);
  const sections = options.sections ? createSectionsReader(html) : undefined;
  walkHtml(html, sections ? [refs, sections] : [refs]);
  return { refs: refs.result(), ...(sections ? { sections: sections.result() } : {}) };
}
