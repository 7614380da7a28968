/**
 * How costly a page is for the Markdown parser, estimated before parsing.
 *
 * The parser (micromark) is linear on ordinary text, but not on some inline
 * syntax: to pair an emphasis, strikethrough or link closer with its opener it
 * walks back over what came before in the paragraph, so a paragraph of n
 * unmatched `*`, `_`, `~`, `[` or `]` costs about n² steps (50 KB of
 * `*a **a ` takes two minutes, 1 MB would take days); in MDX, each `{`
 * expression hands the parser's events so far to acorn (4 KB of `{#a} ` take
 * a second and a half). Pages whose estimate is high are compiled on a
 * worker thread that can be stopped (compile-guard.ts).
 */

/** `*`, `_`, `~`, `[`, `]`: the characters whose unmatched runs the parser's inline resolvers walk back over. */
const isMarker = (code: number) => code === 42 || code === 95 || code === 126 || code === 91 || code === 93;
/** `{`, `}`: MDX expressions. */
const isBrace = (code: number) => code === 123 || code === 125;
/** `\\`, `&`, `<`: escapes, character references and tags, each a token of its own (linear, but a few microseconds each). */
const isDense = (code: number) => code === 92 || code === 38 || code === 60;
/** Space, tab, carriage return. */
const isBlank = (code: number) => code === 32 || code === 9 || code === 13;

/** A paragraph of 1,000 such markers (well under a second at worst): above this sum of squares, a page is guarded. */
export const COSTLY_MARKERS = 1_000_000;
/** 100,000 escapes, references or tags take the parser about half a second; above that, a page is guarded. */
export const COSTLY_TOKENS = 100_000;
/** Very large pages are guarded whatever they contain: the parser needs memory in proportion to the text (5 MB of prose takes about 1 GB). */
export const COSTLY_SIZE = 8 * 1024 * 1024;

export interface CompileCost {
  /** Sum over paragraphs (runs of non-blank lines) of the square of their marker count. */
  markers: number;
  /** Escapes, character references and tags (`\\`, `&`, `<`) in the whole page. */
  tokens: number;
  /** 1-based line (in the body) where the paragraph with the most markers starts. */
  line: number;
}

/** One pass over the body: markers per paragraph (braces too, in MDX), squared and summed. */
export function measureCompileCost(body: string, format: 'md' | 'mdx' = 'md'): CompileCost {
  const counts = format === 'mdx' ? (code: number) => isMarker(code) || isBrace(code) : isMarker;
  let sum = 0;
  let tokens = 0;
  let most = -1;
  let worst = 1;
  let count = 0;
  /** Line where the current paragraph starts; 0 between paragraphs. */
  let start = 0;
  const closeParagraph = () => {
    if (start === 0) return;
    sum += count * count;
    if (count > most) {
      most = count;
      worst = start;
    }
    count = 0;
    start = 0;
  };
  for (let from = 0, line = 1; from <= body.length; line++) {
    let end = body.indexOf('\n', from);
    if (end === -1) end = body.length;
    let blank = true;
    for (let i = from; i < end; i++) {
      const code = body.charCodeAt(i);
      if (counts(code)) count++;
      else if (isDense(code)) tokens++;
      if (blank && !isBlank(code)) blank = false;
    }
    if (blank) closeParagraph();
    else if (start === 0) start = line;
    from = end + 1;
  }
  closeParagraph();
  return { markers: sum, tokens, line: worst };
}

/** True when a page should be compiled where it can be stopped. */
export function isCostly(body: string, format: 'md' | 'mdx'): boolean {
  if (body.length > COSTLY_SIZE) return true;
  const cost = measureCompileCost(body, format);
  return cost.markers > COSTLY_MARKERS || cost.tokens > COSTLY_TOKENS;
}

/** The default step of a page's compile time (compileDeadlineMs), in seconds; DOCSGEN_PAGE_TIMEOUT sets it (compile-pool.ts). */
export const DEFAULT_PAGE_TIMEOUT_SECONDS = 10;

/**
 * How long a page may take to compile: a step, plus a step per started MB
 * (10 s each by default: a normal page compiles in milliseconds, 5 MB of
 * prose in seconds). DOCSGEN_PAGE_TIMEOUT sets the step, for a slower
 * machine, or a check that should give up sooner.
 */
export function compileDeadlineMs(body: string, stepMs: number): number {
  return stepMs * (1 + Math.ceil(body.length / (1024 * 1024)));
}

/**
 * Highlighting has a cost of its own: a TextMate grammar scans each line
 * with many regular expressions, and on some inputs each scan runs on to the
 * end of the line, so a line of n characters costs up to about n² steps (a
 * line of 4,000 characters of `a::` in C++, or of 16,000 `|` in Ruby, takes
 * seconds), and a long enough line overflows the regular expression engine's
 * stack (sooner on the main thread, whose stack is smaller than a worker's).
 */
export interface CodeCost {
  /** The sum of the lines' squared lengths. */
  squares: number;
  /** The length of the longest line. */
  longest: number;
}

export function measureCodeCost(code: string): CodeCost {
  let squares = 0;
  let longest = 0;
  for (let from = 0; from <= code.length; ) {
    let end = code.indexOf('\n', from);
    if (end === -1) end = code.length;
    squares += (end - from) ** 2;
    longest = Math.max(longest, end - from);
    from = end + 1;
  }
  return { squares, longest };
}

/**
 * The code cost a page may have on the fast path: squares summing to no
 * more than 10,000 lines of 40 characters (this site's longest guide has
 * about 350,000), and no line over 1,000 characters. A page with more is
 * compiled again where it can be stopped, on a worker's larger stack.
 */
export const COSTLY_CODE = 16_000_000;
export const LONG_CODE_LINE = 1_000;

/** Thrown while compiling a page whose code went over its budget (at `line`, 1-based in the body): it must be compiled where it can be stopped. */
export class CostlyCodeError extends Error {
  constructor(readonly line: number) {
    super(`the code blocks of this page are costly to highlight (from line ${line})`);
  }
}

/** What a pool worker answers for such a page: the main thread has it compiled where it can be stopped. */
export interface CostlyCode {
  costlyCodeLine: number;
}

export const isCostlyCode = (outcome: object): outcome is CostlyCode => 'costlyCodeLine' in outcome;
