/**
 * Reads the h2/h3 headings (with ids) and the repeated ids back out of a
 * rendered API page body, in one parse.
 */
import type { Heading } from '../types.js';
import { walkHtml } from '../walk-html.js';

/** What an API page's table of contents and its duplicate-id warning need. */
export interface PageHeadings {
  /** h2/h3 headings with an id, in document order; text is plain (badges and hash links left out). */
  headings: Heading[];
  /** Every element id that occurs more than once. */
  duplicateIds: string[];
}

/** Whether an element inside a heading is left out of its text: a badge, or the `#` link beside it. */
function isLeftOut(name: string, className: string | undefined): boolean {
  const classes = (className ?? '').split(/\s+/);
  return (name === 'span' && classes.includes('badge')) || (name === 'a' && classes.includes('hash-link'));
}

/**
 * Reads the page as HTML: ids are attributes of elements only (inline code
 * showing `<span id="x">` twice is no duplicate), and heading text comes
 * with its character references decoded.
 */
export function readPageHeadings(html: string): PageHeadings {
  const headings: Heading[] = [];
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  let heading: { depth: number; id: string; text: string[]; open: boolean[]; leftOut: number } | undefined;
  walkHtml(html, [
    {
      onopentag(name, attributes) {
        const id = attributes.id;
        if (id) {
          if (seen.has(id)) duplicates.add(id);
          seen.add(id);
        }
        if (heading) {
          const leftOut = isLeftOut(name, attributes.class);
          heading.open.push(leftOut);
          if (leftOut) heading.leftOut++;
        } else if ((name === 'h2' || name === 'h3') && id) {
          heading = { depth: Number(name[1]), id, text: [], open: [], leftOut: 0 };
        }
      },
      ontext(text) {
        if (heading && heading.leftOut === 0) heading.text.push(text);
      },
      onclosetag() {
        if (!heading) return;
        const open = heading.open.pop();
        if (open === undefined) {
          headings.push({
            depth: heading.depth,
            id: heading.id,
            text: heading.text.join('').replace(/\s+/g, ' ').trim(),
          });
          heading = undefined;
        } else if (open) heading.leftOut--;
      },
    },
  ]);
  return { headings, duplicateIds: [...duplicates] };
}
