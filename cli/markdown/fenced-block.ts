/**
 * Markdown for a code block that is not written in a Markdown file (the home
 * page's code sample, an API `@example`), so it goes through the same plugins
 * as the code blocks of the guides.
 */

/** The longest run of `char` in `text`. */
export function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * A fenced block of `code` with this language and meta: the fence is longer
 * than any run of its character in the code, so the code cannot close it; a
 * meta holding a backtick gets a `~~~` fence (a backtick fence's info string
 * cannot hold one).
 */
export function toFencedBlock(lang: string, meta: string, code: string): string {
  const info = meta ? `${lang} ${meta}` : lang;
  const char = info.includes('`') ? '~' : '`';
  const fence = char.repeat(Math.max(3, longestRun(code, char) + 1));
  return `${fence}${info}\n${code}\n${fence}`;
}
