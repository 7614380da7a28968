import { walkHtml, type HtmlReader } from '../walk-html.js';

/** A part of a page between two h2/h3 headings (the first one has no heading). */
export interface PageSection {
  /** Heading id, '' for the text before the first heading. */
  anchor: string;
  heading: string;
  /** The API signatures in the section (`pre.api-signature`): the code of an API page that is its text too. */
  api: string;
  text: string;
}

/** Elements whose text never goes into the index: code blocks, widgets, anchors beside headings (and, by class, code tips). */
const SKIPPED = new Set(['pre', 'script', 'style', 'svg', 'button', 'template', 'noscript', 'select', 'textarea']);
/** Elements that do not separate words; any other tag does. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'del',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'var',
  'wbr',
]);

/** The class of an API page's signature block (templates/theme/api): read into the `api` field, unlike other code. */
const SIGNATURE_CLASS = 'api-signature';

/** The class of the block that holds a React page's markup (templates/theme/SitePage.tsx): all of it is the page's text. */
const REACT_PAGE_CLASS = 'react-page';

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A reader of a page's search sections; `result()` once the page is read. */
export interface SectionsReader extends HtmlReader {
  result(): PageSection[];
}

/**
 * Reads the sections of a rendered page as it is parsed: only the text
 * inside the article's `.markdown` blocks (navbar, sidebar, table of
 * contents and footer are left out), split at h2 and h3 headings that have
 * an id. A page without an `<article>` is a content fragment: all of it is read.
 */
export function createSectionsReader(html: string): SectionsReader {
  const sections: PageSection[] = [{ anchor: '', heading: '', api: '', text: '' }];
  let text: string[] = [];
  let api: string[] = [];
  let signatureDepth = 0;
  let heading: { depth: number; id: string; text: string[] } | undefined;
  const stack: { markdown: boolean; skip: boolean; signature: boolean }[] = [];
  let markdownDepth = 0;
  let skipDepth = 0;
  // A React page of the pages folder (src/pages) has its markup in a `.react-page` block instead (SitePage.tsx).
  const everywhere = !html.includes('<article') && !html.includes(REACT_PAGE_CLASS);
  // Nothing before the first <article> counts, not even its tags.
  let started = everywhere;

  const flush = () => {
    sections[sections.length - 1].text = clean(text.join(''));
    sections[sections.length - 1].api = clean(api.join(''));
    text = [];
    api = [];
  };

  return {
    onopentag(name, attributes) {
      const classes = (attributes.class ?? '').split(/\s+/);
      if (!started) {
        if (name !== 'article' && !classes.includes(REACT_PAGE_CLASS)) return;
        started = true;
      }
      const markdown = (classes.includes('markdown') || classes.includes(REACT_PAGE_CLASS)) && name !== 'header';
      // Code tips (hidden type signatures, shown on hover) are the API's text, not the page's.
      const signature = name === 'pre' && classes.includes(SIGNATURE_CLASS) && skipDepth === 0;
      const skip = (SKIPPED.has(name) && !signature) || classes.includes('hash-link') || classes.includes('code-tips');
      stack.push({ markdown, skip, signature });
      if (markdown) markdownDepth++;
      if (skip) skipDepth++;
      if (signature) signatureDepth++;
      if (!INLINE.has(name)) (heading ? heading.text : text).push(' ');
      // Only headings a link can reach (with an id) start a section; labels such as an API page's "Parameters" do not.
      if ((markdownDepth > 0 || everywhere) && skipDepth === 0 && (name === 'h2' || name === 'h3') && attributes.id) {
        flush();
        heading = { depth: Number(name[1]), id: attributes.id, text: [] };
      }
    },
    ontext(data) {
      if ((markdownDepth === 0 && !everywhere) || skipDepth > 0) return;
      (heading ? heading.text : signatureDepth > 0 ? api : text).push(data);
    },
    onclosetag(name) {
      // Elements opened before the article close after it: they were never counted.
      const open = stack.pop();
      if (!open) return;
      if (heading && name === `h${heading.depth}`) {
        sections.push({ anchor: heading.id, heading: clean(heading.text.join('')), api: '', text: '' });
        heading = undefined;
      }
      if (open.markdown) markdownDepth--;
      if (open.skip) skipDepth--;
      if (open.signature) {
        signatureDepth--;
        api.push(' ');
      }
      if (!INLINE.has(name)) text.push(' ');
    },
    result() {
      flush();
      return sections.filter((section, index) => index === 0 || section.heading || section.text || section.api);
    },
  };
}

/** Reads the sections of a rendered page (a parse of its own; the build shares one with the link checker: read-rendered-page.ts). */
export function extractSections(html: string): PageSection[] {
  const reader = createSectionsReader(html);
  walkHtml(html, [reader]);
  return reader.result();
}
