import type { Diagnostic } from '../types.js';
import { closesFence, FENCE } from './preprocess.js';

/**
 * Bounds on a page's structure, checked by one line scan before any parser
 * runs. The parser's cost grows steeply with some structures: every line
 * inside n containers (lists, blockquotes, `:::` directives) is checked
 * against each of them, and unclosed directives nest, so 2,000 `:::note`
 * lines cost minutes and deep enough nesting overflows its stack; each table
 * cell becomes several objects (a 1,000-column table of 400 rows needs 3 GB),
 * and a row shorter than the header is padded to it. The limits are far
 * above what documentation uses; a page past one gets a located error.
 */

/** Lists and blockquotes nested deeper than this are refused. */
export const MAX_NESTING = 100;
/** `:::` directives (admonitions) nested deeper than this are refused: docs nest two or three. */
export const MAX_DIRECTIVE_NESTING = 20;
/** A table with more columns than this is refused. */
export const MAX_TABLE_COLUMNS = 1_000;
/** A page whose tables have more cells than this in all (a row counts as wide as its table) is refused. */
export const MAX_TABLE_CELLS = 100_000;

/** What is past a bound: the rule, the message and hint, and the 1-based place in the source. */
type Excess = Pick<Diagnostic, 'rule' | 'message' | 'hint'> & { line: number; column: number };

/** The first place the source goes past a bound, as an error diagnostic with `lineOffset` added; undefined when it stays within them. */
export function checkContentBounds(source: string, fileName: string, lineOffset: number): Diagnostic | undefined {
  const excess = findExcess(source);
  return excess && { severity: 'error', ...excess, file: fileName, line: excess.line + lineOffset };
}

/** The line scan: fenced code is skipped; directives are tracked as a stack of their fences' lengths. */
export function findExcess(source: string): Excess | undefined {
  const directives: number[] = [];
  let fence: string | null = null;
  let previousBlank = true;
  /** The open table's columns (0: none open), and the cells counted on the page so far. */
  let columns = 0;
  let cells = 0;
  let line = 0;
  for (let from = 0; from <= source.length; ) {
    let end = source.indexOf('\n', from);
    if (end === -1) end = source.length;
    const text = source.slice(from, end);
    from = end + 1;
    line++;
    if (fence) {
      if (closesFence(text, fence)) fence = null;
      continue;
    }
    const fenceMatch = FENCE.exec(text);
    if (fenceMatch) {
      fence = fenceMatch[1];
      columns = 0;
      previousBlank = false;
      continue;
    }
    const { levels, rest } = splitContainers(text);
    if (levels > MAX_NESTING)
      return {
        rule: 'too-deep',
        message: `lists and blockquotes are nested too deeply (${levels} levels; the limit is ${MAX_NESTING})`,
        hint: 'flatten the nested lists or blockquotes',
        line,
        column: 1,
      };
    const blank = isBlankText(rest);
    const colons = countColons(rest);
    if (colons >= 3 && isNameStart(rest.charCodeAt(colons))) {
      directives.push(colons);
      if (directives.length > MAX_DIRECTIVE_NESTING) {
        return {
          rule: 'too-deep',
          message: `directives (:::note and other admonitions) are nested too deeply (${directives.length} levels; the limit is ${MAX_DIRECTIVE_NESTING})`,
          hint: 'close each `:::` block with a line of `:::` before the next one opens, or nest fewer; an admonition opened and never closed holds everything after it',
          line,
          column: text.length - rest.length + 1,
        };
      }
    } else if (colons >= 3 && isBlankText(rest.slice(colons))) {
      // A closing fence closes the innermost directive opened with no more colons than it has.
      if (directives.length > 0 && directives[directives.length - 1] <= colons) directives.pop();
    }
    if (blank) columns = 0;
    else if (columns > 0) cells += Math.max(columns, countCells(rest));
    else if (!previousBlank && isDelimiterRow(rest)) {
      columns = countCells(rest);
      // The header row, counted as wide as the table.
      cells += 2 * columns;
      if (columns > MAX_TABLE_COLUMNS)
        return {
          rule: 'too-large',
          message: `this table has ${columns} columns; the limit is ${MAX_TABLE_COLUMNS}`,
          hint: TABLE_HINT,
          line,
          column: 1,
        };
    }
    if (cells > MAX_TABLE_CELLS)
      return {
        rule: 'too-large',
        message: `the tables of this page have more than ${MAX_TABLE_CELLS} cells (each row counts as wide as its table)`,
        hint: TABLE_HINT,
        line,
        column: 1,
      };
    previousBlank = blank;
  }
  return undefined;
}

const TABLE_HINT =
  'split the table across pages, or publish the data as a file (a CSV in the static folder) and link to it';

/** A blockquote marker or a list item marker at the start of what is left of a line. */
const CONTAINER_MARKER = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/**
 * How deep a line is nested in lists and blockquotes, at most: the container
 * markers it starts with (`> - > 1.` is four) plus its indentation at two
 * columns a level (the narrowest a nested list item can be); and the rest of
 * the line after them, its leading blanks dropped.
 */
function splitContainers(line: string): { levels: number; rest: string } {
  const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
  let levels = Math.floor(indent / 2);
  let rest = line;
  for (let marker = CONTAINER_MARKER.exec(rest); marker; marker = CONTAINER_MARKER.exec(rest)) {
    levels++;
    rest = rest.slice(marker[0].length);
  }
  return { levels, rest: rest.trimStart() };
}

function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '\r') return false;
  return true;
}

function countColons(text: string): number {
  let i = 0;
  while (text.charCodeAt(i) === 58) i++;
  return i;
}

/** A directive's name starts with a letter. */
const isNameStart = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** A GFM delimiter row: only `|`, `:`, `-` and blanks, with at least one `|` and one `-`. */
function isDelimiterRow(text: string): boolean {
  let pipe = false;
  let dash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '|') pipe = true;
    else if (c === '-') dash = true;
    else if (c !== ':' && c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return pipe && dash;
}

/** The cells of a table row, at most: the segments between its pipes, leading and trailing pipes not opening a cell. */
function countCells(text: string): number {
  const trimmed = text.trimEnd();
  let pipes = 0;
  for (let i = 0; i < trimmed.length; i++) if (trimmed[i] === '|') pipes++;
  const edges = (trimmed.startsWith('|') ? 1 : 0) + (trimmed.endsWith('|') && trimmed.length > 1 ? 1 : 0);
  return Math.max(1, pipes + 1 - edges);
}
