/**
 * Finds the fenced code blocks of a Markdown or MDX source by scanning its
 * lines, before the Markdown is compiled, so the sample checker can run (and
 * the highlighter can link its results) without a parse. One pass, linear in
 * the source: content never makes it slow.
 */

/** One fenced code block of a Markdown source, as written. */
export interface FoundSample {
  /** As written after the fence (`tsx`). */
  lang: string;
  /** The rest of the info string (`title="App.tsx" {3} setup=camera`). */
  meta: string;
  /** The block's text, indentation of the opening fence removed, cut markers included. */
  code: string;
  /** 1-based line in the source file of the block's FIRST CODE LINE. */
  line: number;
  /** 1-based column where code lines start (opening fence's indentation + 1). */
  column: number;
}

/** An opening fence: its character, length, indentation and info string. */
interface Fence {
  char: string;
  size: number;
  indent: number;
  info: string;
}

/**
 * Fences of a Markdown/MDX source (``` and ~~~, any indentation: fences
 * inside JSX elements are indented), every language. As in CommonMark, a
 * closing fence uses the opening's character, is at least as long and has
 * nothing after it; a block never closed runs to the end of the source.
 * Fences inside blockquotes (`> ````) are not found (the highlighter warns
 * about the TypeScript ones it meets unchecked).
 */
export function findSamples(source: string): FoundSample[] {
  const lines = source.split(/\r\n?|\n/);
  // A final line break ends the last line; it does not start another (an unclosed block gets no empty last line).
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const found: FoundSample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = readOpeningFence(lines[i]!);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !isClosingFence(lines[j]!, open)) body.push(stripIndent(lines[j++]!, open.indent));
    const lang = open.info.split(/[ \t]/, 1)[0]!;
    found.push({
      lang,
      meta: open.info.slice(lang.length).trim(),
      code: body.join('\n'),
      line: i + 2,
      column: open.indent + 1,
    });
    i = j;
  }
  return found;
}

/** Leading spaces and tabs of a line. */
function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && (line[n] === ' ' || line[n] === '\t')) n++;
  return n;
}

function readOpeningFence(line: string): Fence | undefined {
  const indent = indentOf(line);
  const char = line[indent];
  if (char !== '`' && char !== '~') return undefined;
  let end = indent;
  while (line[end] === char) end++;
  const size = end - indent;
  if (size < 3) return undefined;
  const info = line.slice(end).trim();
  // A backtick fence's info string cannot hold a backtick (that line is inline code, not a fence).
  if (char === '`' && info.includes('`')) return undefined;
  return { char, size, indent, info };
}

function isClosingFence(line: string, open: Fence): boolean {
  const indent = indentOf(line);
  let end = indent;
  while (line[end] === open.char) end++;
  return end - indent >= open.size && line.slice(end).trim() === '';
}

/** Removes up to `indent` leading spaces or tabs (a line indented less loses what it has). */
function stripIndent(line: string, indent: number): string {
  return line.slice(Math.min(indent, indentOf(line)));
}
