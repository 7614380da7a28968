import path from 'node:path';
import type { Nodes, Parent, Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { isCostly } from '../compile-cost.js';
import { findExcess } from '../content-bounds.js';
import { preprocessSource } from '../preprocess.js';
import { isExternalUrl } from '../../url-parts.js';
import type { ImportedFile } from './mdx-import-file.js';

/** How many partials deep an import may go (a page imports a, a imports b: two). */
export const MAX_PARTIAL_DEPTH = 8;
/** How many times one page may render partials in all: a partial used ten times in one used ten times is a hundred. */
export const MAX_PARTIAL_USES = 200;

/** What a page's compile knows of the partials around the content being transformed. */
export interface PartialFrame {
  /** Real paths of the page and the partials that led here, outermost first: importing one of them again is a cycle. */
  chain: string[];
  /** The props the partial was given (`<Part name="x" />`), read as `props.name`; unset on the page itself. */
  props?: Record<string, unknown>;
  /** Partial uses so far on this page, shared by every frame. */
  uses: { count: number };
}

/** Why a partial cannot be imported here (a cycle, too deep), or undefined when it can. */
export function refuseNesting(imported: ImportedFile, written: string, frame: PartialFrame): string | undefined {
  if (frame.chain.includes(imported.real))
    return `cannot import '${written}': it imports itself (${[...frame.chain, imported.real].map((real) => path.basename(real)).join(' → ')})`;
  if (frame.chain.length > MAX_PARTIAL_DEPTH)
    return `cannot import '${written}': partials are nested more than ${MAX_PARTIAL_DEPTH} deep`;
  return undefined;
}

let parser: ReturnType<typeof createParser> | undefined;

function createParser() {
  return unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
}

/** Thrown when a partial cannot be parsed; its place is in the partial's own file. */
export class PartialParseError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
    readonly column: number | undefined,
  ) {
    super(message);
  }
}

/**
 * Parses a partial as MDX (whatever its extension, as Docusaurus 3 does),
 * its front matter blanked so lines keep their numbers. A partial the parser
 * could spend minutes on is refused, as it is not guarded as a page is.
 */
export function parsePartial(imported: ImportedFile): { tree: Root; file: VFile } {
  const text = blankFrontMatter(imported.text);
  if (isCostly(text, 'mdx'))
    throw new PartialParseError('this partial is too costly to parse (long runs of unmatched *, _, [ or {)', 1, 1);
  const excess = findExcess(text);
  if (excess) throw new PartialParseError(excess.message, excess.line, excess.column);
  // Its own file: messages about it name it, and <CodeBlock> reads its children's text from it.
  const file = new VFile({ path: imported.name, value: preprocessSource(text, 'mdx') });
  try {
    return { tree: (parser ??= createParser()).parse(file) as Root, file };
  } catch (error) {
    const place = error as { line?: number; column?: number; reason?: string; message?: string };
    throw new PartialParseError(
      `could not parse MDX: ${place.reason ?? place.message}`,
      place.line ?? undefined,
      place.column ?? undefined,
    );
  }
}

/** A leading `---` front matter block as blank lines: partials are content, their front matter says nothing. */
function blankFrontMatter(text: string): string {
  if (!text.startsWith('---\n') && !text.startsWith('---\r\n')) return text;
  const lines = text.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && line.trimEnd() === '---');
  if (end === -1) return text;
  return lines.map((line, i) => (i <= end ? '' : line)).join('\n');
}

/**
 * Makes a transformed partial fit the page it is shown in: relative link and
 * image URLs, written from the partial's folder, are rewritten from the
 * page's folder (as Docusaurus resolves them from the partial's file); and
 * every node takes the place of the element that shows it, so what later
 * stages report (a broken link) points at the page's line that brought it in.
 */
export function adaptToPage(tree: Root, partialFile: string, pageFile: string, place: Nodes['position']): void {
  const from = path.dirname(partialFile);
  const to = path.dirname(pageFile);
  const rebase = (url: string) => {
    if (
      !url ||
      url.startsWith('/') ||
      url.startsWith('#') ||
      url.startsWith('?') ||
      isExternalUrl(url) ||
      /^[a-z][a-z\d+.-]*:/i.test(url)
    )
      return url;
    const rebased = path.relative(to, path.resolve(from, url)).split(path.sep).join('/');
    return rebased.startsWith('.') ? rebased : `./${rebased}`;
  };
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    node.position = place;
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') node.url = rebase(node.url);
    const properties = node.data?.hProperties as Record<string, unknown> | undefined;
    if (properties)
      for (const name of ['src', 'href'])
        if (typeof properties[name] === 'string') properties[name] = rebase(properties[name] as string);
    if ('children' in node) for (const child of (node as Parent).children as Nodes[]) stack.push(child);
  }
}

/** The nodes that show a partial where its element was: inline content when it is used inside a paragraph and is one paragraph. */
export function contentFor(tree: Root, inline: boolean): Nodes[] {
  const only = tree.children.length === 1 ? tree.children[0] : undefined;
  if (inline && only?.type === 'paragraph') return only.children;
  return tree.children;
}
