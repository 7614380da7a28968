import { Parser } from 'htmlparser2';

/** A part of a page between two h2/h3 headings (the first one has no heading). */
export interface PageSection {
  /** Heading id, '' for the text before the first heading. */
  anchor: string;
  heading: string;
  text: string;
}

/** Elements whose text never goes into the index: code blocks, widgets, anchors beside headings. */
const SKIPPED = new Set(['pre', 'script', 'style', 'svg', 'button', 'template', 'noscript', 'select', 'textarea']);
/** Elements that do not separate words; any other tag does. */
const INLINE = new Set(['a', 'abbr', 'b', 'code', 'del', 'em', 'i', 'ins', 'kbd', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'var', 'wbr']);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The HTML with each `<pre …>…</pre>` replaced by a space. A scan: the
 * lazy pattern it replaces went to the end of the page from every `<pre`
 * that had no `</pre>` after it.
 */
export function cutCodeBlocks(html: string): string {
  const parts: string[] = [];
  let from = 0;
  let open = html.indexOf('<pre');
  while (open !== -1) {
    // `<pre` must end there as a word (`<prefix` is another tag).
    if (/\w/.test(html[open + 4] ?? '')) {
      open = html.indexOf('<pre', open + 4);
      continue;
    }
    const close = html.indexOf('</pre>', open + 4);
    if (close === -1) break;
    parts.push(html.slice(from, open), ' ');
    from = close + 6;
    open = html.indexOf('<pre', from);
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/**
 * Reads the sections of a rendered page: only the text inside the article's
 * `.markdown` blocks (navbar, sidebar, table of contents and footer are left
 * out), split at h2 and h3 headings that have an id.
 */
export function extractSections(html: string): PageSection[] {
  const start = html.indexOf('<article');
  // Code blocks are skipped anyway; cut out before parsing, their thousands of token spans cost more than the prose.
  // Our HTML escapes `<` in text and attributes, so every `<pre` is a tag, and a `<pre>` never holds another.
  const source = cutCodeBlocks(start >= 0 ? html.slice(start) : html);
  const sections: PageSection[] = [{ anchor: '', heading: '', text: '' }];
  let text: string[] = [];
  let heading: { depth: number; id: string; text: string[] } | undefined;
  const stack: { name: string; markdown: boolean; skip: boolean }[] = [];
  let markdownDepth = 0;
  let skipDepth = 0;
  // Without an <article>, the input is a content fragment: index all of it.
  const everywhere = start < 0;

  const flush = () => {
    sections[sections.length - 1].text = clean(text.join(''));
    text = [];
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const markdown = (attributes.class ?? '').split(/\s+/).includes('markdown') && name !== 'header';
        const skip = SKIPPED.has(name) || (attributes.class ?? '').split(/\s+/).includes('hash-link');
        stack.push({ name, markdown, skip });
        if (markdown) markdownDepth++;
        if (skip) skipDepth++;
        if (!INLINE.has(name)) (heading ? heading.text : text).push(' ');
        // Only headings a link can reach (with an id) start a section; labels such as an API page's "Parameters" do not.
        if ((markdownDepth > 0 || everywhere) && skipDepth === 0 && (name === 'h2' || name === 'h3') && attributes.id) {
          flush();
          heading = { depth: Number(name[1]), id: attributes.id ?? '', text: [] };
        }
      },
      ontext(data) {
        if ((markdownDepth === 0 && !everywhere) || skipDepth > 0) return;
        (heading ? heading.text : text).push(data);
      },
      onclosetag(name) {
        const open = stack.pop();
        if (!open) return;
        if (heading && name === `h${heading.depth}`) {
          sections.push({ anchor: heading.id, heading: clean(heading.text.join('')), text: '' });
          heading = undefined;
        }
        if (open.markdown) markdownDepth--;
        if (open.skip) skipDepth--;
        if (!INLINE.has(name)) text.push(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(source);
  parser.end();
  flush();
  return sections.filter((section, index) => index === 0 || section.heading || section.text);
}
