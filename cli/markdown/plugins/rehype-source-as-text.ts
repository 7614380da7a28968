/**
 * The safety net (`source-as-text`): once a page's Markdown is HTML, its prose
 * is read for Markdown or MDX source that shows as text (an `import` or
 * `export` line, a `:::` fence, an MDX comment, a component tag) and its code
 * blocks for what is not code (an empty block, a leftover magic comment).
 * Source of these kinds never shows silently, whatever docsgen or a plugin
 * missed (a plugin's own syntax that is valid Markdown, such as a heading
 * marker `[A]`, is not among them: it cannot be told from text): each leak is
 * a warning at the page's source line, from the HTML nodes'
 * places in the Markdown. Code (blocks and inline) is never read as prose.
 * One walk over the tree, each run of prose scanned once: linear in the page.
 */
import type { Element, ElementContent, Root, Text } from 'hast';
import type { VFile } from 'vfile';
import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from '../../config/markdown-schema.js';
import { findMdxComment, readLineSign, SIGN_HINTS, type SignKind, type SourceSign } from '../source-signs.js';
import { findCodeBlockLeak } from './code-block-leaks.js';

export const SOURCE_AS_TEXT_RULE = 'source-as-text';

export interface SourceAsTextOptions {
  /** `markdown.magicComments`: the comments a code block must not show. */
  magicComments?: readonly MagicComment[];
}

type Position = NonNullable<Element['position']>;
type Point = Position['start'];

/** Elements that flow inside a line of text: their text continues the line around them. */
const PHRASING = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'input',
  'ins',
  'label',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);
/** Inline elements whose text is code or not text: a line holds them, but they are never read as prose. */
const OPAQUE = new Set(['code', 'kbd', 'samp', 'tt', 'math', 'svg', 'script', 'style', 'template', 'textarea']);
/** What stands for an opaque element in a run's text: not a blank, so a sign after it is not at a line's start. */
const OPAQUE_MARK = '\u0001';

/** Text of one stretch of prose (a paragraph, a cell, a list item's own text), with the nodes it came from. */
interface Run {
  parts: string[];
  length: number;
  pieces: { at: number; node: Text }[];
  /** The place of the nearest element around the run that has one: where a sign in a node without a place is reported. */
  around: Position | undefined;
}

/** The page plugin: runs after rehype-tabs, before code blocks are highlighted (it reads their code as written). */
export function rehypeSourceAsText({ magicComments = DEFAULT_MAGIC_COMMENTS }: SourceAsTextOptions = {}) {
  return (tree: Root, file: VFile) => {
    // A line another rule already explained (an unknown admonition, a `file=` block that could not be read) is left to it.
    const explained = new Set(file.messages.filter((m) => !m.file || m.file === file.path).map((m) => m.line));
    const report = (text: string, hint: string, place: Point | undefined) => {
      if (place && explained.has(place.line)) return;
      const where = place ? '' : ' (docsgen could not tell its line: search the page for it)';
      const message = file.message(text + where, place);
      message.ruleId = SOURCE_AS_TEXT_RULE;
      message.note = hint;
    };

    const scanRun = (run: Run) => {
      if (run.length === 0) return;
      const text = run.parts.join('');
      const found = new Set<SignKind>();
      const signs: SourceSign[] = [];
      for (let start = 0; start <= text.length; ) {
        const newline = text.indexOf('\n', start);
        const end = newline < 0 ? text.length : newline;
        const sign = readLineSign(text, start, end);
        // One warning per kind and stretch of prose: five `import` lines in a paragraph are one leak.
        if (sign && !found.has(sign.kind)) {
          found.add(sign.kind);
          signs.push(sign);
        }
        start = end + 1;
      }
      const comment = findMdxComment(text);
      if (comment) signs.push(comment);
      for (const sign of signs)
        report(
          `${sign.what} is shown as text: the page shows source that was never compiled`,
          SIGN_HINTS[sign.kind],
          placeOf(run, sign.at),
        );
    };

    const newRun = (around: Position | undefined): Run => ({ parts: [], length: 0, pieces: [], around });
    const add = (run: Run, value: string, node?: Text) => {
      if (node) run.pieces.push({ at: run.length, node });
      run.parts.push(value);
      run.length += value.length;
    };

    /** Walks an element's children, adding their text to `run`; a block child ends the run and is walked on its own. */
    const walk = (children: ElementContent[] | Root['children'], run: Run): Run => {
      for (const child of children) {
        if (child.type === 'text') add(run, child.value, child);
        if (child.type !== 'element') continue;
        const tag = child.tagName;
        if (OPAQUE.has(tag)) add(run, OPAQUE_MARK);
        else if (tag === 'br') add(run, '\n');
        else if (PHRASING.has(tag)) run = walk(child.children, run);
        else {
          scanRun(run);
          const around = child.position ?? run.around;
          if (tag === 'pre') checkCodeBlock(child, around);
          else scanRun(walk(child.children, newRun(around)));
          run = newRun(run.around);
        }
      }
      return run;
    };

    const checkCodeBlock = (pre: Element, around: Position | undefined) => {
      const leak = findCodeBlockLeak(pre, magicComments);
      if (!leak) return;
      const start = (pre.position ?? around)?.start;
      report(
        leak.message,
        leak.hint,
        start
          ? ({
              line: start.line + leak.lineInBlock,
              column: leak.lineInBlock === 0 ? start.column : undefined,
            } as Point)
          : undefined,
      );
    };

    scanRun(walk(tree.children, newRun(undefined)));
  };
}

/**
 * Where in the Markdown the text at `at` of a run was written: the line of the
 * text node holding it, plus the line breaks before it in that node; the
 * column only on the node's first line (later lines lost their indent to the
 * parser). A node without a place (made by a plugin) gives its element's line.
 */
function placeOf(run: Run, at: number): Point | undefined {
  let piece: Run['pieces'][number] | undefined;
  for (const candidate of run.pieces) {
    if (candidate.at > at) break;
    piece = candidate;
  }
  const start = piece?.node.position?.start;
  if (!piece || !start) return run.around?.start;
  const before = piece.node.value.slice(0, at - piece.at);
  let breaks = 0;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) breaks++;
  return { line: start.line + breaks, column: breaks === 0 ? start.column + before.length : undefined } as Point;
}
