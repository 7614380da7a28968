/**
 * Finds the front matter block at the top of a file, without parsing it. The
 * block opens with a `---` line at the very start and closes with the next
 * `---` line. A `----` line is a thematic break, not a fence. Whatever follows
 * the opening `---` on its line is the block's language: only plain `---` (and
 * `---yaml`, `---yml`) is YAML; gray-matter, which docsgen used before, ran
 * `---js` blocks through `eval`, so every other language is refused by the caller.
 */
export interface FrontMatterBlock {
  /** The language named after the opening `---` (trimmed, as written), '' for plain `---`. */
  language: string;
  /** 1-based column of the language on the first line. */
  languageColumn: number;
  /** The text between the two fences (the YAML), starting on line 2 of the file. */
  text: string;
  /** False when no closing `---` line was found: `text` and `body` are then empty. */
  closed: boolean;
  /** Everything after the closing fence. */
  body: string;
  /** Lines before the body (both fences and the text between them). */
  bodyLineOffset: number;
}

const OPENING = /^---(?!-)([^\n]*)(?:\n|$)/;
const CLOSING = /^---[ \t]*\r?$/;

/** The front matter block of a file (BOM and CRLF allowed), or undefined when the file has none. */
export function findFrontMatterBlock(source: string): FrontMatterBlock | undefined {
  const opening = OPENING.exec(source);
  if (!opening) return undefined;
  const rest = opening[1].replace(/\r$/, '');
  const language = rest.trim();
  const languageColumn = 4 + (rest.length - rest.trimStart().length);
  let start = opening[0].length;
  let line = 1;
  while (start < source.length) {
    const end = source.indexOf('\n', start);
    const lineEnd = end === -1 ? source.length : end;
    line++;
    if (CLOSING.test(source.slice(start, lineEnd))) {
      const text = source.slice(opening[0].length, start);
      const bodyStart = end === -1 ? source.length : end + 1;
      return { language, languageColumn, text, closed: true, body: source.slice(bodyStart), bodyLineOffset: line };
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { language, languageColumn, text: '', closed: false, body: '', bodyLineOffset: 0 };
}

/** Whether a block's language means YAML: none, `yaml` or `yml` in any letter case. */
export function isYamlLanguage(language: string): boolean {
  return language === '' || /^ya?ml$/i.test(language);
}
