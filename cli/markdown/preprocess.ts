const ADMONITION_WITH_TITLE = /^(\s*:::(?:note|tip|info|warning|danger|caution))[ \t]+(?!\[)(.+?)\s*$/;
const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\{#([^{}\s]+)\}\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

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
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      continue;
    }
    if (fenceMatch && !inComment) {
      fence = fenceMatch[1];
      continue;
    }
    line = line.replace(ADMONITION_WITH_TITLE, '$1[$2]');
    if (format === 'mdx') {
      ({ line, inComment } = convertComments(line, inComment));
      line = line.replace(HEADING_ID, '$1\\{#$2\\}');
    }
    lines[i] = line;
  }
  return lines.join('\n');
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
