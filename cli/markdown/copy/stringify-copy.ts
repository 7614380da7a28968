import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/** One serialiser for every copy: CommonMark with GFM's tables, strikethrough, task lists, footnotes and autolinks. */
const processor = unified()
  .use(remarkStringify, {
    bullet: '-',
    emphasis: '_',
    strong: '*',
    fence: '`',
    fences: true,
    rule: '-',
    listItemIndent: 'one',
    resourceLink: false,
  })
  .use(remarkGfm, { tablePipeAlign: false });

/** A Markdown tree as text; what content wrote as text stays text (`<`, `*`, `[` are escaped where they would mean more). */
export function stringifyMarkdown(tree: Root): string {
  return processor.stringify(tree);
}
