import { parseQualityList } from './accept-encoding.js';

/** The media type of the pages' Markdown copies. */
export const MARKDOWN_TYPE = 'text/markdown';

/** A media type's q-value in a parsed Accept header: its own entry, else `type/*`, else `*\/*`, else 0. */
function qualityOf(weights: Map<string, number>, type: string): number {
  return weights.get(type) ?? weights.get(type.split('/')[0] + '/*') ?? weights.get('*/*') ?? 0;
}

/**
 * Whether a request asks for a page's Markdown copy rather than its HTML:
 * its Accept header names `text/markdown` itself (not only through `text/*`
 * or `*\/*`), with a q-value above 0 and at least that of `text/html`. A
 * browser's `text/html,…,*\/*;q=0.8` gets HTML; `text/markdown`, or
 * `text/markdown, text/html;q=0.9`, or `text/markdown, text/html` gets Markdown.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const weights = parseQualityList(accept);
  const markdown = weights.get(MARKDOWN_TYPE);
  return markdown !== undefined && markdown > 0 && markdown >= qualityOf(weights, 'text/html');
}
