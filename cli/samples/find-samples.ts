/**
 * PLACEHOLDER on branch i18-pipeline: the interface of the checker core's
 * find-samples.ts (branch i18-checker), with a minimal scan, so the pipeline
 * can be written and tested before it lands. Replaced by the real file when
 * i18-checker is merged.
 */

/** One fenced code block of a Markdown source, as written. */
export interface FoundSample {
  /** As written after the fence (`tsx`). */
  lang: string;
  /** The rest of the info string (`title="App.tsx" {3} setup=camera`). */
  meta: string;
  /** The block's text, indentation of the opening fence removed, cut markers included. */
  code: string;
  /** 1-based line in the source file of the block's FIRST CODE LINE. */
  line: number;
  /** 1-based column where code lines start (opening fence's indentation + 1). */
  column: number;
}

/** Fences of a Markdown/MDX source (``` and ~~~, any indentation), every language. */
export function findSamples(source: string): FoundSample[] {
  const lines = source.split(/\r\n?|\n/);
  const found: FoundSample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const indent = lines[i]!.length - lines[i]!.trimStart().length;
    const rest = lines[i]!.slice(indent);
    const char = rest[0];
    if (char !== '`' && char !== '~') continue;
    let size = 0;
    while (rest[size] === char) size++;
    if (size < 3) continue;
    const info = rest.slice(size).trim();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const trimmed = lines[j]!.trim();
      if (trimmed.length >= size && trimmed === char.repeat(trimmed.length)) break;
      body.push(lines[j]!.slice(Math.min(indent, lines[j]!.length - lines[j]!.trimStart().length)));
    }
    const lang = info.split(/[ \t]/, 1)[0]!;
    found.push({ lang, meta: info.slice(lang.length).trim(), code: body.join('\n'), line: i + 2, column: indent + 1 });
    i = j;
  }
  return found;
}
