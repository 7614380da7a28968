/**
 * Where an `@example`'s code is in the library's source, so a type error in
 * it is reported at its own line (`src/types/Frame.ts:98:5`), not at the
 * declaration it documents. TypeDoc keeps only the declaration's line; the
 * code is found again in the comment above it.
 */

/** A 1-based line and the 1-based column its code starts at. */
export interface SourcePlace {
  line: number;
  column: number;
}

/** The width of a comment line's ` * ` prefix (spaces, one `*`, one space), or -1 when it has none. */
function commentPrefixOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  if (line[i] !== '*' || line[i + 1] === '/') return -1;
  i++;
  return line[i] === ' ' ? i + 1 : i;
}

/** The line's text after its comment prefix (the whole line when it has none). */
function commentText(line: string): string {
  const prefix = commentPrefixOf(line);
  return (prefix < 0 ? line : line.slice(prefix)).trimEnd();
}

/**
 * The place of a code block of a comment: the first line, at or after
 * `from` (0-based) and before the declaration, that follows a fence line and
 * reads as the block's first code line once its ` * ` prefix is removed;
 * failing that, any line that reads so. Undefined when there is none.
 */
export function findCommentCode(
  lines: readonly string[],
  firstCodeLine: string,
  from: number,
  declarationIndex: number,
): SourcePlace | undefined {
  const wanted = firstCodeLine.trimEnd();
  if (!wanted.trim()) return undefined;
  let loose: SourcePlace | undefined;
  for (let i = Math.max(0, from); i < Math.min(lines.length, declarationIndex + 1); i++) {
    if (commentText(lines[i]!) !== wanted) continue;
    const place = { line: i + 1, column: Math.max(0, commentPrefixOf(lines[i]!)) + 1 };
    if (i > 0 && /^\s*(`{3,}|~{3,})/.test(commentText(lines[i - 1]!))) return place;
    loose ??= place;
  }
  return loose;
}

/** The 0-based index of the line opening the doc comment that ends above a declaration (its `/**`), or the declaration's own. */
export function commentStartOf(lines: readonly string[], declarationIndex: number): number {
  for (let i = Math.min(declarationIndex, lines.length - 1); i >= 0; i--) if (lines[i]!.includes('/**')) return i;
  return declarationIndex;
}

/**
 * The places of an example's code blocks in its source file: each searched
 * after the comment's start (and after the block before it), falling back
 * to the declaration's line and column 1.
 */
export function placeExampleBlocks(
  sourceText: string | undefined,
  declarationLine: number,
  firstLines: string[],
): SourcePlace[] {
  const fallback = { line: declarationLine, column: 1 };
  if (sourceText === undefined) return firstLines.map(() => fallback);
  const lines = sourceText.split(/\r\n?|\n/);
  const declarationIndex = declarationLine - 1;
  let from = commentStartOf(lines, declarationIndex);
  return firstLines.map((first) => {
    const place = findCommentCode(lines, first, from, declarationIndex);
    if (!place) return fallback;
    from = place.line;
    return place;
  });
}
