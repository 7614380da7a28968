import { detach } from '../strings.js';

/** What the link checker needs from one rendered page. */
export interface PageRefs {
  /** Every `id` (and `<a name>`) in the page. */
  ids: Set<string>;
  /** Every `href` and `src` value, entity-decoded, in document order. */
  refs: string[];
}

const ID = /\s(?:id|name)="([^"]*)"/g;
const REF = /\s(?:href|src)="([^"]*)"/g;

/**
 * Reads ids and link targets from the rendered HTML. The HTML is ours
 * (React's serializer: attributes always double-quoted and escaped), so a
 * scan of attributes is exact; text inside code blocks is never an attribute.
 */
export function extractHtmlRefs(html: string, keep: (text: string) => string = detach): PageRefs {
  const ids = new Set<string>();
  const refs: string[] = [];
  for (const m of html.matchAll(ID)) ids.add(keep(decodeEntities(m[1])));
  for (const m of html.matchAll(REF)) refs.push(keep(decodeEntities(m[1])));
  return { ids, refs };
}

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
