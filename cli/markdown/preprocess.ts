import { findCustomId, hasLineTerminator, isWhitespace } from './custom-id.js';

export const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * Source-level compatibility with Docusaurus, applied line by line outside
 * fenced code so positions stay on the same line:
 * - `:::tip Title` becomes `:::tip[Title]` (remark-directive's label syntax);
 * - in MDX, `<!-- comments -->` become `{/* comments *\/}` and `{#custom-id}`
 *   after a heading is escaped so it is text, not an expression.
 */
export function preprocessSource(source: string, format: 'md' | 'mdx'): string {
  const lines = source.split('\n');
  let fence: string | null = null;
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (fenceMatch && !inComment) {
      fence = fenceMatch[1];
      continue;
    }
    line = bracketAdmonitionTitle(line);
    if (format === 'mdx') {
      ({ line, inComment } = convertComments(line, inComment));
      line = escapeHeadingId(line);
    }
    lines[i] = line;
  }
  return lines.join('\n');
}

/** Whether a line closes the fenced block opened by `fence` (same character, at least as long, nothing after it). */
export function closesFence(line: string, fence: string): boolean {
  const match = FENCE.exec(line);
  return !!match && match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1];
}

/**
 * `:::tip Title` → `:::tip[Title]` (and `::::tip Title`), trailing whitespace dropped, for any
 * directive name (`:::important Read this`, a keyword of the config, a type
 * docsgen does not know: remark-admonitions.ts warns about those). A plain scan
 * (the pattern it replaces backtracked quadratically on a long title line);
 * it keeps that pattern's exact results, pinned by a test against it:
 * the title starts after the blanks that follow the type, or one blank
 * earlier when it would otherwise start with `[` or be empty.
 */
function bracketAdmonitionTitle(line: string): string {
  let i = 0;
  while (i < line.length && isWhitespace(line[i])) i++;
  if (!line.startsWith(':::', i)) return line;
  // `::::note Title` too: an admonition around another one has more colons (Docusaurus reads its title the same way).
  let colonsEnd = i + 3;
  while (line[colonsEnd] === ':') colonsEnd++;
  const typeEnd = directiveNameEnd(line, colonsEnd);
  if (typeEnd === colonsEnd) return line;
  let blanksEnd = typeEnd;
  while (line[blanksEnd] === ' ' || line[blanksEnd] === '\t') blanksEnd++;
  if (blanksEnd === typeEnd) return line;
  const textEnd = line.trimEnd().length;
  const titleAt = (start: number) => {
    const end = Math.max(textEnd, start + 1);
    return hasLineTerminator(line, start, end) ? undefined : line.slice(start, end);
  };
  let title = blanksEnd < line.length && line[blanksEnd] !== '[' ? titleAt(blanksEnd) : undefined;
  if (title === undefined && blanksEnd - typeEnd >= 2) title = titleAt(blanksEnd - 1);
  return title === undefined ? line : `${line.slice(0, typeEnd)}[${title}]`;
}

/** Where a directive name starting at `start` ends (remark-directive's names: a letter, then letters, digits, `-`, `_`); `start` when there is none. */
function directiveNameEnd(line: string, start: number): number {
  const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  if (start >= line.length || !isLetter(line[start])) return start;
  let end = start + 1;
  while (
    end < line.length &&
    (isLetter(line[end]) || (line[end] >= '0' && line[end] <= '9') || line[end] === '-' || line[end] === '_')
  )
    end++;
  return end;
}

/**
 * In MDX, `## Title {#id}` → `## Title \\{#id\\}` (the braces would start an
 * expression), trailing whitespace dropped. Only on an ATX heading line: up
 * to three blanks, one to six `#`, a blank.
 */
function escapeHeadingId(line: string): string {
  let i = 0;
  while (i < 3 && i < line.length && isWhitespace(line[i])) i++;
  const hashes = i;
  while (line[i] === '#') i++;
  if (i === hashes || i - hashes > 6 || i >= line.length || !isWhitespace(line[i])) return line;
  const custom = findCustomId(line);
  if (!custom || custom.brace <= i || hasLineTerminator(line, i + 1, custom.brace)) return line;
  return `${line.slice(0, custom.brace)}\\{#${custom.id}\\}`;
}

/** Turns HTML comments into MDX comments, tracking comments that span lines. */
function convertComments(line: string, inComment: boolean): { line: string; inComment: boolean } {
  let out = '';
  let rest = line;
  while (rest.length) {
    if (inComment) {
      const end = rest.indexOf('-->');
      if (end === -1) return { line: out + rest.replace(/\*\//g, '* /'), inComment: true };
      out += rest.slice(0, end).replace(/\*\//g, '* /') + '*/}';
      rest = rest.slice(end + 3);
      inComment = false;
    } else {
      const start = indexOutsideInlineCode(rest, '<!--');
      if (start === -1) return { line: out + rest, inComment: false };
      out += rest.slice(0, start) + '{/* ';
      rest = rest.slice(start + 4);
      inComment = true;
    }
  }
  return { line: out, inComment };
}

function indexOutsideInlineCode(text: string, needle: string): number {
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '`') inCode = !inCode;
    else if (!inCode && text.startsWith(needle, i)) return i;
  }
  return -1;
}
