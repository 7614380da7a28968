import { showControlChars } from '../visible-text.js';

/**
 * A few lines of source around `line`, numbered, with `>` on the line and a
 * caret under `column`: what the terminal and the browser overlay show.
 * Control characters in the source are shown escaped (the caret counts them so).
 */
export function createCodeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = showControlChars(lines[n - 1].replace(/\t/g, '  '));
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`.trimEnd());
    if (n === line) {
      const before = showControlChars(lines[n - 1].slice(0, Math.max(0, column - 1)).replace(/\t/g, '  '));
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(before.length)}^`);
    }
  }
  return out.join('\n');
}
