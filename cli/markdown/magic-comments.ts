/**
 * Magic comments in code blocks, as Docusaurus reads them: a line that is
 * nothing but a comment naming a directive (`// highlight-next-line`,
 * `# highlight-start`, `<!-- highlight-end -->`) marks lines with a class and
 * is removed from the shown code. Which comment syntaxes count depends on the
 * block's language. One pass over the lines, each line compared with a few
 * fixed openers and closers: content never makes it slow.
 */
import type { MagicComment } from '../config/markdown-schema.js';
import type { BlockRefs } from '../samples/code-refs.js';

/** A comment syntax: its opener and, for block comments, its closer ('' for a line comment). */
export interface CommentSyntax {
  open: string;
  close: string;
}

const SLASHES: CommentSyntax = { open: '//', close: '' };
const C_BLOCK: CommentSyntax = { open: '/*', close: '*/' };
const JSX_BLOCK: CommentSyntax = { open: '{/*', close: '*/}' };
const HASH: CommentSyntax = { open: '#', close: '' };
const HTML: CommentSyntax = { open: '<!--', close: '-->' };
const DASHES: CommentSyntax = { open: '--', close: '' };
const SEMICOLON: CommentSyntax = { open: ';', close: '' };
const PERCENT: CommentSyntax = { open: '%', close: '' };

const C_LIKE = [SLASHES, C_BLOCK];
/** What Docusaurus tries for a language it has no entry for: the most common syntaxes. */
export const FALLBACK = [SLASHES, C_BLOCK, JSX_BLOCK, HASH, HTML];

/** Comment syntaxes by language name (lower case), as Docusaurus knows them. */
const SYNTAXES = new Map<string, CommentSyntax[]>();
const register = (names: string, syntaxes: CommentSyntax[]) =>
  names.split(' ').forEach((name) => SYNTAXES.set(name, syntaxes));
register(
  'js javascript ts typescript mjs cjs mts cts java kotlin kt kts swift c h cpp c++ cc hpp objc objective-c objectivec objective-cpp go golang rust rs groovy gradle scala dart php css scss sass less cs csharp jsonc json5 proto protobuf',
  C_LIKE,
);
register('jsx tsx', [SLASHES, C_BLOCK, JSX_BLOCK]);
register(
  'bash sh shell shellscript zsh fish console python py ruby rb yaml yml toml r perl pl powershell ps1 dockerfile docker make makefile cmake nix elixir ex exs graphql gql',
  [HASH],
);
register('html htm xml svg vue markdown md', [HTML]);
register('mdx', [HTML, JSX_BLOCK]);
register('lua sql haskell hs elm', [DASHES]);
register('wasm wat lisp clojure clj cljs scheme racket', [SEMICOLON]);
register('ini', [SEMICOLON, HASH]);
register('tex latex matlab erlang erl', [PERCENT]);

/** The comment syntaxes magic comments are read in for a language. */
export function commentSyntaxesOf(lang: string): readonly CommentSyntax[] {
  return SYNTAXES.get(lang.toLowerCase()) ?? FALLBACK;
}

/** What a directive does: mark the next line, or open or close a marked stretch; `entry` indexes the config's list. */
export interface Directive {
  entry: number;
  kind: 'line' | 'start' | 'end';
}

/** A `highlight-start` (or a configured block start) never closed: the 0-based line of the code as given. */
export interface UnclosedBlock {
  line: number;
  directive: string;
  /** The directive that would have closed it. */
  end: string;
}

export interface MagicLines {
  /** The code without the magic comment lines. */
  code: string;
  /** Classes of each line of `code` (0-based), when any line has some. */
  lineClasses?: string[][];
  /** For each line of the code as given, its 0-based line in `code`, or -1 when it was a magic comment. */
  keptLine?: number[];
  unclosed: UnclosedBlock[];
}

/** The directive a line consists of, if it is only a comment in one of `syntaxes` holding a known directive. */
export function readDirective(
  line: string,
  syntaxes: readonly CommentSyntax[],
  directives: ReadonlyMap<string, Directive>,
): Directive | undefined {
  const text = line.trim();
  for (const { open, close } of syntaxes) {
    if (!text.startsWith(open) || !text.endsWith(close) || text.length < open.length + close.length) continue;
    const directive = directives.get(text.slice(open.length, text.length - close.length).trim());
    if (directive) return directive;
  }
  return undefined;
}

function blockDirectives(comment: MagicComment): { directive: string; end: string } {
  return { directive: comment.block!.start, end: comment.block!.end };
}

/** The directives of a list of magic comments, by name (a name used twice keeps its first meaning). */
export function directivesOf(comments: readonly MagicComment[]): Map<string, Directive> {
  const directives = new Map<string, Directive>();
  const add = (name: string | undefined, directive: Directive) => {
    if (name !== undefined && !directives.has(name)) directives.set(name, directive);
  };
  comments.forEach((comment, entry) => {
    add(comment.line, { entry, kind: 'line' });
    add(comment.block?.start, { entry, kind: 'start' });
    add(comment.block?.end, { entry, kind: 'end' });
  });
  return directives;
}

/**
 * Removes the magic comment lines of `code` and gives the classes they put on
 * the lines left. A directive marks the next line (`line`) or the lines up to
 * its end comment (`block`, nesting allowed); a block left open runs to the
 * end of the code and is reported. Code without any directive's name is
 * returned as it is, without a scan.
 */
export function applyMagicComments(code: string, lang: string, comments: readonly MagicComment[]): MagicLines {
  const directives = directivesOf(comments);
  if (![...directives.keys()].some((name) => code.includes(name))) return { code, unclosed: [] };
  const syntaxes = commentSyntaxesOf(lang);
  const lines = code.split('\n');
  const kept: string[] = [];
  const keptLine: number[] = [];
  const lineClasses: string[][] = [];
  const nextLine = new Set<number>();
  const open: UnclosedBlock[][] = comments.map(() => []);
  let marked = false;
  for (let i = 0; i < lines.length; i++) {
    const directive = readDirective(lines[i], syntaxes, directives);
    if (directive) {
      keptLine.push(-1);
      const { entry, kind } = directive;
      if (kind === 'line') nextLine.add(entry);
      else if (kind === 'start') open[entry].push({ line: i, ...blockDirectives(comments[entry]) });
      else open[entry].pop();
      continue;
    }
    const classes: string[] = [];
    comments.forEach((comment, entry) => {
      if (nextLine.has(entry) || open[entry].length > 0) classes.push(comment.className);
    });
    nextLine.clear();
    marked ||= classes.length > 0;
    keptLine.push(kept.length);
    kept.push(lines[i]);
    lineClasses.push(classes);
  }
  if (kept.length === lines.length) return { code, unclosed: [] };
  return { code: kept.join('\n'), keptLine, ...(marked ? { lineClasses } : {}), unclosed: open.flat() };
}

/**
 * A checked block's links, moved to the lines they are on once the magic
 * comment lines are gone (the checker places them in the code as written);
 * a link on a removed line is dropped.
 */
export function moveRefsToKeptLines(refs: BlockRefs, keptLine: readonly number[]): BlockRefs {
  const moved = (refs.refs ?? []).flatMap((ref) => {
    const line = Number.isInteger(ref.line) ? keptLine[ref.line] : undefined;
    return line !== undefined && line >= 0 ? [{ ...ref, line }] : [];
  });
  return { ...refs, refs: moved };
}
