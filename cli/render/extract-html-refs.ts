import { srcsetUrls } from '../markdown/safe-url.js';
import { detach } from '../strings.js';
import { walkHtml, type HtmlReader } from '../walk-html.js';

/** What the link checker needs from one rendered page. */
export interface PageRefs {
  /** Every `id` of an element, and every `<a name>`: what a `#fragment` can point at. */
  ids: Set<string>;
  /** Every URL the page links to or loads (see URL_ATTRIBUTES), entity-decoded, in document order. */
  refs: string[];
}

/**
 * The attributes, by element, that hold a URL a reader's browser follows or
 * loads: links and stylesheets, images (every candidate of a `srcset`),
 * media, frames and scripts. Other attributes are not links (a `<form
 * action>` is not followed until submitted; `cite` and `longdesc` are never
 * followed). A Map: names come from the page, and `constructor` must not
 * find a property of every object.
 */
export const URL_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ['a', ['href']],
  ['area', ['href']],
  ['link', ['href']],
  ['img', ['src', 'srcset']],
  ['source', ['src', 'srcset']],
  ['video', ['src', 'poster']],
  ['audio', ['src']],
  ['track', ['src']],
  ['iframe', ['src']],
  ['script', ['src']],
]);

/** A reader of a page's ids and link targets; `result()` once the page is read. */
export interface RefsReader extends HtmlReader {
  result(): PageRefs;
}

/**
 * Collects ids and link targets as the page is parsed. Only elements count:
 * text is never an attribute, however much it looks like one (inline code
 * showing `<a href="/x">`). `keep` copies each string kept, so that none
 * holds on to the page it came from (see `detach`).
 */
export function createRefsReader(keep: (text: string) => string = detach): RefsReader {
  const ids = new Set<string>();
  const refs: string[] = [];
  return {
    onopentag(name, attributes) {
      if (attributes.id) ids.add(keep(attributes.id));
      if (name === 'a' && attributes.name) ids.add(keep(attributes.name));
      for (const attribute of URL_ATTRIBUTES.get(name) ?? []) {
        const value = attributes[attribute];
        if (value === undefined) continue;
        if (attribute === 'srcset') for (const url of srcsetUrls(value)) refs.push(keep(url));
        else refs.push(keep(value));
      }
    },
    result: () => ({ ids, refs }),
  };
}

/** Reads the ids and link targets of a page (a parse of its own; the build shares one with search: read-rendered-page.ts). */
export function extractHtmlRefs(html: string, keep: (text: string) => string = detach): PageRefs {
  const reader = createRefsReader(keep);
  walkHtml(html, [reader]);
  return reader.result();
}
