/**
 * What gives a line of a rendered page's prose away as Markdown or MDX source
 * shown as text (the safety net, plugins/rehype-source-as-text.ts): an
 * `import` or `export` line, an admonition fence, a component tag. Each
 * line is read from its start with a few fixed comparisons, never a regular
 * expression: linear in the text, whatever content holds.
 */

export type SignKind = 'import' | 'export' | 'admonition' | 'component-tag' | 'mdx-comment';

/** A sign found in a run of prose: where it starts in the run's text, and how to name it. */
export interface SourceSign {
  kind: SignKind;
  at: number;
  what: string;
}

/** How to fix each kind of leak, for the warning's hint. */
export const SIGN_HINTS: Record<SignKind, string> = {
  import:
    'MDX reads `import` only at the top level of a page compiled as MDX, starting a paragraph of its own (not inside a list, a blockquote, a component, or after other text): move the line there, with a blank line before and after it',
  export:
    'MDX reads `export` only at the top level of a page compiled as MDX, starting a paragraph of its own (not inside a list, a blockquote, a component, or after other text): move the line there, with a blank line before and after it',
  admonition:
    'an admonition opens with `:::type` (no space before the type) at the start of a line and closes with a `:::` line of its own; around another admonition, use more colons than it (`::::note` around `:::tip`)',
  'component-tag':
    'MDX reads a tag only unescaped (not `\\<Name>` or `&lt;Name>`), in a page compiled as MDX, as valid JSX (attribute values quoted or in `{}`); if the tag is meant as text, put it in backticks',
  'mdx-comment':
    'an MDX comment `{/* … */}` is read only in a page compiled as MDX; in a page read as CommonMark, write `<!-- … -->`',
};

const LONGEST_QUOTE = 40;

/** At most LONGEST_QUOTE characters of `text`, for a message. */
export function clip(text: string): string {
  return text.length > LONGEST_QUOTE ? `${text.slice(0, LONGEST_QUOTE - 1)}…` : text;
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';
const isUpper = (char: string | undefined) => char !== undefined && char >= 'A' && char <= 'Z';
const isNameChar = (char: string | undefined) =>
  char !== undefined &&
  ((char >= 'a' && char <= 'z') ||
    (char >= 'A' && char <= 'Z') ||
    (char >= '0' && char <= '9') ||
    char === '_' ||
    char === '.');
const isQuote = (char: string | undefined) => char === "'" || char === '"';

/** What follows `export ` in a JavaScript export. */
const EXPORT_WORDS = ['const', 'let', 'var', 'function', 'default', 'class', 'async', 'type', 'interface', 'enum'];

/** The index of the first non-blank character of `line` from `i`. */
function skipBlanks(line: string, i: number): number {
  while (isBlank(line[i])) i++;
  return i;
}

/** `import x from 'y'`, `import { a } from "b"`, `import './side-effect'`: not prose that starts with the word. */
function isImportLine(line: string): boolean {
  if (!line.startsWith('import') || !(isBlank(line[6]) || line[6] === '{' || line[6] === '*')) return false;
  if (isQuote(line[skipBlanks(line, 6)])) return true;
  for (let at = line.indexOf('from', 7); at >= 0; at = line.indexOf('from', at + 4)) {
    const before = line[at - 1];
    if ((isBlank(before) || before === '}') && isQuote(line[skipBlanks(line, at + 4)])) return true;
  }
  return false;
}

/** `export const x`, `export default`, `export { a }`: a word JavaScript exports with. */
function isExportLine(line: string): boolean {
  if (!line.startsWith('export') || !isBlank(line[6])) return false;
  const at = skipBlanks(line, 6);
  if (line[at] === '{' || line[at] === '*') return true;
  return EXPORT_WORDS.some(
    (word) =>
      line.startsWith(word, at) &&
      (line[at + word.length] === undefined || isBlank(line[at + word.length]) || line[at + word.length] === '('),
  );
}

/**
 * A line that is a component tag (`<TabItem value="a">`, `</Tabs>`, `<Camera />`,
 * or a tag's first line, `<Tabs`), not prose that begins with one (`<Camera> is
 * the component…`): the tag as named in the warning (`<TabItem>`, `</Tabs>`).
 */
function readTagLine(line: string): string | undefined {
  if (line[0] !== '<') return undefined;
  const nameAt = line[1] === '/' ? 2 : 1;
  if (!isUpper(line[nameAt])) return undefined;
  let end = nameAt;
  while (isNameChar(line[end])) end++;
  const next = line[end];
  if (!(next === undefined || isBlank(next) || next === '/' || next === '>')) return undefined;
  const rest = line.slice(end).trimEnd();
  const close = rest.indexOf('>');
  const isTag = rest === '' || rest.includes('=') || close === rest.length - 1 || rest[close + 1] === '<';
  return isTag ? line.slice(0, end) + '>' : undefined;
}

/**
 * The sign a line of prose starts with, if any: `text.slice(start, end)` is the
 * line (no line break in it); blanks before the sign are skipped.
 */
export function readLineSign(text: string, start: number, end: number): SourceSign | undefined {
  const from = skipBlanks(text, start);
  if (from >= end) return undefined;
  const line = text.slice(from, end);
  if (line.startsWith(':::')) {
    let wordEnd = 3;
    while (wordEnd < line.length && !isBlank(line[wordEnd])) wordEnd++;
    return { kind: 'admonition', at: from, what: `the admonition fence '${clip(line.slice(0, wordEnd))}'` };
  }
  if (isImportLine(line)) return { kind: 'import', at: from, what: 'an `import` line' };
  if (isExportLine(line)) return { kind: 'export', at: from, what: 'an `export` line' };
  const tag = readTagLine(line);
  if (tag) return { kind: 'component-tag', at: from, what: `the component tag ${clip(tag)}` };
  return undefined;
}

/** An MDX comment (`{/*`) anywhere in the text, from `start`. */
export function findMdxComment(text: string, start = 0): SourceSign | undefined {
  const at = text.indexOf('{/*', start);
  return at < 0 ? undefined : { kind: 'mdx-comment', at, what: 'an MDX comment `{/* … */}`' };
}
