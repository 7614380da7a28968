/**
 * Turns hits of a DocSearch-shaped index (`hierarchy.lvl0…lvl6`, `content`,
 * `url`, `_highlightResult`, `_snippetResult`) into provider-neutral hits.
 * Highlighted values are parsed into text segments, never inserted as HTML.
 */
import { decodeXML } from 'entities/decode';
import { rewriteHitUrl } from './rewrite-url.js';
import type { Marked, SearchHit } from '../../shared/search-types.js';

export const MARK_OPEN = '<mark>';
export const MARK_CLOSE = '</mark>';

type Levels = Partial<Record<`lvl${0 | 1 | 2 | 3 | 4 | 5 | 6}`, string | null>>;
interface Highlighted {
  value?: string;
}
/** The part of a DocSearch record the UI reads. */
export interface DocSearchHit {
  url: string;
  content?: string | null;
  hierarchy?: Levels;
  _highlightResult?: { hierarchy?: Partial<Record<keyof Levels, Highlighted>>; content?: Highlighted };
  _snippetResult?: { content?: Highlighted; hierarchy?: Partial<Record<keyof Levels, Highlighted>> };
}

/**
 * Splits a highlighted value (`a <mark>b</mark> c`, HTML-escaped) into marked text segments. A search engine
 * escapes only `& < > " '`, so the XML decoder (under 1 KB) reads it; the HTML one would add 13 KB to the bundle.
 */
export function parseHighlight(value: string): Marked {
  const out: Marked = [];
  let rest = value;
  let mark = false;
  while (rest) {
    const tag = mark ? MARK_CLOSE : MARK_OPEN;
    const at = rest.indexOf(tag);
    const piece = at < 0 ? rest : rest.slice(0, at);
    if (piece) out.push({ text: decodeXML(piece), mark });
    if (at < 0) break;
    rest = rest.slice(at + tag.length);
    mark = !mark;
  }
  return out;
}

const plain = (text: string | null | undefined): Marked => (text ? [{ text, mark: false }] : []);

/** One DocSearch hit as the UI shows it. */
export function toSearchHit(hit: DocSearchHit, options: { baseUrl: string; externalUrlRegex?: string }): SearchHit {
  const levels = hit.hierarchy ?? {};
  const highlighted = hit._highlightResult?.hierarchy ?? {};
  const pageTitle = levels.lvl1 ?? levels.lvl0 ?? '';
  const titleLevel = levels.lvl1 ? 'lvl1' : 'lvl0';
  const headingLevel = (['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'] as const).find((level) => levels[level]);
  const heading = headingLevel ? (levels[headingLevel] ?? '') : '';
  const snippetValue = hit._snippetResult?.content?.value;
  return {
    url: rewriteHitUrl(hit.url, options),
    group: levels.lvl0 ?? '',
    pageTitle,
    heading,
    titleMarks: highlighted[titleLevel]?.value ? parseHighlight(highlighted[titleLevel]!.value!) : plain(pageTitle),
    headingMarks:
      headingLevel && highlighted[headingLevel]?.value
        ? parseHighlight(highlighted[headingLevel]!.value!)
        : plain(heading),
    snippet: snippetValue ? parseHighlight(snippetValue) : plain(hit.content),
  };
}
