/** One line of a Markdown source, classified by where it sits relative to fenced code blocks. */
export type FencedLine =
  | { kind: 'text'; line: string }
  | { kind: 'open'; line: string; indent: string; fence: string; lang: string }
  | { kind: 'code'; line: string }
  | { kind: 'close'; line: string; indent: string; lang: string };

const OPENING_FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`{]*)(.*)$/;

/** Splits a Markdown source into lines tagged as text, code, or a fence opening or closing a code block. */
export function scanFences(source: string): FencedLine[] {
  const out: FencedLine[] = [];
  let open: { indent: string; fence: string; lang: string } | undefined;
  for (const line of source.split('\n')) {
    if (!open) {
      const match = OPENING_FENCE.exec(line);
      if (match && !(match[2][0] === '`' && match[4].includes('`'))) {
        open = { indent: match[1], fence: match[2], lang: match[3] };
        out.push({ kind: 'open', line, ...open });
      } else out.push({ kind: 'text', line });
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.length >= open.fence.length && trimmed === open.fence[0].repeat(trimmed.length)) {
      out.push({ kind: 'close', line, indent: open.indent, lang: open.lang });
      open = undefined;
    } else out.push({ kind: 'code', line });
  }
  return out;
}

/** The inner text of every fenced code block of a Markdown source. */
export function extractCodeBlocks(source: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  for (const entry of scanFences(source)) {
    if (entry.kind === 'open') current = [];
    else if (entry.kind === 'code') current.push(entry.line);
    else if (entry.kind === 'close') blocks.push(current.join('\n'));
  }
  return blocks;
}
