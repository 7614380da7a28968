/**
 * A page read as CommonMark (`markdown.format: 'detect'` or `'md'`) shows MDX
 * source as text: an `import` line, `<Tabs>`. Docusaurus 3 would compile such
 * a `.md` file as MDX, so a site moved over must hear about it, at the line.
 * A scan of each line's start, outside fenced code: linear in the source.
 */
import type { Diagnostic } from '../types.js';
import { closesFence, FENCE } from './preprocess.js';

/** What gives a line away as MDX, and where. */
export interface MdxSign {
  line: number;
  column: number;
  what: string;
}

const isUpper = (char: string | undefined) => char !== undefined && char >= 'A' && char <= 'Z';
const isNameChar = (char: string | undefined) => char !== undefined && /[\w.]/.test(char);
const isTagEnd = (char: string | undefined) =>
  char === undefined || char === '>' || char === '/' || char === ' ' || char === '\t';

/** What MDX syntax a line starts with, if any: a top-level import or export, or a component tag (`<Tabs>`, `</TabItem>`). */
function readMdxSign(line: string): { column: number; what: string } | undefined {
  if (line.startsWith('import ') && (line.includes(' from ') || line[7] === "'" || line[7] === '"'))
    return { column: 1, what: 'an `import` line' };
  if (/^export (?:const|let|var|function|default|\{)/.test(line)) return { column: 1, what: 'an `export` line' };
  let i = 0;
  while (line[i] === ' ') i++;
  // Four blanks make an indented code block, where a tag is meant to show.
  if (i >= 4 || line[i] !== '<') return undefined;
  const nameAt = line[i + 1] === '/' ? i + 2 : i + 1;
  if (!isUpper(line[nameAt])) return undefined;
  let end = nameAt;
  while (isNameChar(line[end])) end++;
  return isTagEnd(line[end]) ? { column: i + 1, what: `the component tag <${line.slice(i + 1, end)}>` } : undefined;
}

/** The first line outside fenced code that looks like MDX source. */
export function findMdxSign(source: string): MdxSign | undefined {
  const lines = source.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = open[1];
      continue;
    }
    const sign = readMdxSign(line);
    if (sign) return { line: i + 1, ...sign };
  }
  return undefined;
}

/**
 * The warning for a page compiled as CommonMark that holds MDX source
 * (`mdx-in-markdown`); none when its front matter chose `format: md`.
 */
export function warnMdxInMarkdown(
  source: string,
  file: { file: string; bodyLineOffset: number; frontMatter: { format?: string } },
): Diagnostic | undefined {
  if (file.frontMatter.format === 'md') return undefined;
  const sign = findMdxSign(source);
  if (!sign) return undefined;
  return {
    severity: 'warning',
    rule: 'mdx-in-markdown',
    message: `this page is read as CommonMark, so ${sign.what} is shown as text`,
    file: file.file,
    line: sign.line + file.bodyLineOffset,
    column: sign.column,
    hint: file.file.toLowerCase().endsWith('.mdx')
      ? "compile it as MDX: set markdown.format: 'mdx' (Docusaurus 3's default) or 'detect' in the config, or add `format: mdx` to its front matter"
      : "compile it as MDX: set markdown.format: 'mdx' in the config (Docusaurus 3's default), add `format: mdx` to its front matter, or rename it to .mdx",
  };
}
