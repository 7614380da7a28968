/**
 * A code block filled from a file, in the syntax of remark-code-import (which
 * Docusaurus sites add as a remark plugin): ` ```tsx file=./example.tsx `,
 * with a line range `file=./x.ts#L3-L7`, `#L3` (one line) or `#L3-` (to the
 * end). Parsed by a scan: content writes it.
 */

/** What a `file=` word names: the path as written, and the lines to show (1-based, inclusive; `to` undefined: to the end). */
export interface CodeFileRef {
  written: string;
  from: number;
  to?: number;
}

/** The `file=` word's value, or undefined when the meta has none. */
export function findFileWord(words: readonly { text: string }[]): string | undefined {
  return words.find((w) => w.text.startsWith('file='))?.text.slice('file='.length);
}

/** Digits only, as a number; undefined for anything else (or a number too large to be a line). */
function lineNumber(text: string): number | undefined {
  if (text.length === 0 || text.length > 9) return undefined;
  for (const c of text) if (c < '0' || c > '9') return undefined;
  return Number(text);
}

/**
 * `./x.ts#L3-L7` → `{written: './x.ts', from: 3, to: 7}`. A fragment that is
 * not a line range (`#L3-X`, `#L0`) is an error, not part of the path:
 * remark-code-import would have read no such file either.
 */
export function parseCodeFileRef(value: string): CodeFileRef | { error: string } {
  const unquoted =
    value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0])
      ? value.slice(1, -1)
      : value;
  const hash = unquoted.lastIndexOf('#');
  if (hash === -1) return unquoted ? { written: unquoted, from: 1 } : { error: 'file= names no file' };
  const written = unquoted.slice(0, hash);
  const fragment = unquoted.slice(hash + 1);
  const bad = { error: `'#${fragment}' is not a line range: write #L3 (one line), #L3-L7 or #L3- (to the end)` };
  if (!written) return { error: 'file= names no file' };
  if (!fragment.startsWith('L')) return bad;
  const dash = fragment.indexOf('-');
  const from = lineNumber(fragment.slice(1, dash === -1 ? undefined : dash));
  if (from === undefined || from < 1) return bad;
  if (dash === -1) return { written, from, to: from };
  const rest = fragment.slice(dash + 1);
  if (rest === '') return { written, from };
  const to = rest.startsWith('L') ? lineNumber(rest.slice(1)) : undefined;
  if (to === undefined || to < from) return bad;
  return { written, from, to };
}

/**
 * The lines a reference shows of a file's text (its last line break not
 * counted as a line), or why it cannot: a range past the file's end would
 * show fewer lines than the page says, or none.
 */
export function sliceCodeLines(text: string, ref: CodeFileRef): { code: string } | { error: string } {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const to = ref.to ?? lines.length;
  if (ref.from > lines.length || to > lines.length)
    return {
      error: `the file has ${lines.length} line${lines.length === 1 ? '' : 's'}, so it has no line ${Math.max(ref.from, to)}`,
    };
  return { code: lines.slice(ref.from - 1, to).join('\n') };
}
