/**
 * The trailing `{#custom-id}` of a heading, found by scanning from the end of
 * the text. Content decides how long a heading line is, and the regular
 * expression this replaces (`\s*\{#([^{}\s]+)\}\s*$`) backtracked
 * quadratically on a long run of blanks or `{#`; a scan is linear.
 */

/** What `\s` matches in a JavaScript regular expression (the same set String#trim removes). */
export function isWhitespace(char: string | undefined): boolean {
  return char !== undefined && char.length > 0 && char.trim() === '';
}

/** The characters `.` does not match in a regular expression without the `s` flag. */
export function isLineTerminator(char: string | undefined): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
}

/** Whether `text` has a line terminator between `start` and `end`. */
export function hasLineTerminator(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isLineTerminator(text[i])) return true;
  return false;
}

export interface CustomId {
  id: string;
  /** Index of the `{`. */
  brace: number;
  /** Index where the blanks before the `{` start (the text to keep ends here). */
  start: number;
}

/**
 * `{#id}` at the end of `text`, where only whitespace may follow it and the
 * id is one or more characters other than braces and whitespace.
 */
export function findCustomId(text: string): CustomId | undefined {
  const end = text.trimEnd().length;
  if (text[end - 1] !== '}') return undefined;
  let brace = end - 2;
  while (brace >= 0 && text[brace] !== '{' && text[brace] !== '}' && !isWhitespace(text[brace])) brace--;
  // The id needs one character, after `{#`: `{#}` has none (its `#` is the `{#`'s).
  if (brace < 0 || text[brace] !== '{' || text[brace + 1] !== '#' || brace + 2 >= end - 1) return undefined;
  let start = brace;
  while (start > 0 && isWhitespace(text[start - 1])) start--;
  return { id: text.slice(brace + 2, end - 1), brace, start };
}
