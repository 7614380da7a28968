/**
 * How deep the brackets of a source file nest, found by a scan before any
 * parser sees it: esbuild's parser recurses per level and, on a TypeScript
 * config of a few hundred thousand `[`, crashes its service with a Go stack
 * dump of tens of kilobytes instead of answering. Strings, template text
 * and comments are skipped; a regular expression is not recognised, so its
 * brackets count too (an over-estimate that only matters past the limit).
 */

/** A config nests a few levels; a thousand is never data anyone wrote. */
export const MAX_NESTING = 1000;

const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** The offset at which the brackets nest deeper than `limit`, or -1. */
export function deepNestingOffset(source: string, limit = MAX_NESTING): number {
  // Each open bracket, and `${` of a template; a `}` closing a `${` returns to the template's text.
  const stack: string[] = [];
  let i = 0;
  const skipQuoted = (quote: string): void => {
    for (i++; i < source.length && source[i] !== quote && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
    i++;
  };
  /** Skips template text up to its end (returns false) or up to a `${` (returns true). */
  const skipTemplateText = (): boolean => {
    for (; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === '`') {
        i++;
        return false;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2;
        return true;
      }
    }
    return false;
  };
  while (i < source.length) {
    const char = source[i];
    if (char === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (char === "'" || char === '"') skipQuoted(char);
    else if (char === '`' || (char === '}' && stack.at(-1) === '${')) {
      if (char === '}') stack.pop();
      i++;
      if (skipTemplateText()) stack.push('${');
    } else {
      if (OPEN.has(char)) stack.push(char);
      else if (CLOSE.has(char)) stack.pop();
      i++;
    }
    if (stack.length > limit) return i - 1;
  }
  return -1;
}

/** The 1-based line and column of `offset`, lines ended as JavaScript ends them (`\n`, `\r\n`, `\r`, U+2028, U+2029). */
export function lineColumnAt(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const char = source[i];
    if (char === '\r' && source[i + 1] === '\n') continue;
    if (char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
