/**
 * What the code-sample checker (cli/samples/) hands to the highlighter
 * (cli/markdown/plugins/rehype-code-blocks.ts): for each TypeScript block,
 * the identifiers that resolve to the documented library, with where they
 * link and what their popup shows. Also the conventions both sides share:
 * a block's key, its meta words, and the lines hidden by cut markers.
 */
import { hashOf } from '../cache/disk-cache.js';

/** A popup's content: rendered at build time, shown on hover or focus. */
export interface CodeTip {
  /** The compiler's quick info, as plain text (`(method) Camera.takePhoto(options?: TakePhotoOptions): Promise<PhotoFile>`). */
  signature: string;
  /** The first sentence of the symbol's TSDoc, as plain text (inline code keeps its backticks). */
  doc?: string;
}

/** A link from one identifier of a block's shown code to an API page. */
export interface CodeRef {
  /** 0-based line in the shown code (hidden setup lines removed). */
  line: number;
  /** 0-based UTF-16 column where the identifier starts, and where it ends (exclusive). */
  start: number;
  end: number;
  /** The link, baseUrl included (`/docs/api/classes/Camera#takephoto`). */
  href: string;
  /** Index into the block's `tips`. */
  tip?: number;
}

/** The links of one checked block; identical signatures share one tip. */
export interface BlockRefs {
  refs: CodeRef[];
  tips: CodeTip[];
}

/** A page's checked blocks by `sampleKey`: blocks with no entry link only exact exported names. */
export type PageSampleRefs = Record<string, BlockRefs>;

/** Exact-name links for blocks that were not checked (opted out, `js`/`jsx`): exported name → link and tip. */
export type ExportRefs = Record<string, { href: string; tip?: CodeTip }>;

declare module 'vfile' {
  interface DataMap {
    /** The checked blocks of the page being compiled (absent: none were checked). */
    sampleRefs: PageSampleRefs;
    /** The library's exported names, for blocks that were not checked. */
    exportRefs: ExportRefs;
  }
}

/** Languages whose samples are type-checked. */
export const CHECKED_LANGUAGES = new Set(['ts', 'tsx', 'typescript']);
/** Languages whose code may link to the API (checked ones by the compiler, the rest by exact name). */
export const LINKED_LANGUAGES = new Set(['ts', 'tsx', 'typescript', 'js', 'jsx', 'javascript']);

/** A block's code with `\n` line breaks and without its final one: how checker and highlighter both read it. */
export function normalizeCode(code: string): string {
  return code.replace(/\r\n?/g, '\n').replace(/\n$/, '');
}

/**
 * Identifies a block between the checker and the highlighter: its language,
 * meta and code as written in the Markdown source (cut markers included).
 */
export function sampleKey(lang: string, meta: string, code: string): string {
  return hashOf(lang.toLowerCase(), meta.trim(), normalizeCode(code));
}

/** The meta words of a code block that concern checking. */
export interface SampleMeta {
  /** `nocheck="why"`: not type-checked; the reason is required (empty string: given without one). */
  nocheck?: string;
  /** `setup=name` or `setup="name"`: the shared preamble prepended (hidden) before the code. */
  setup?: string;
}

/** Reads `nocheck`, `nocheck="reason"` and `setup=name` from a block's meta string. */
export function parseSampleMeta(meta: string): SampleMeta {
  const out: SampleMeta = {};
  const nocheck = /(?:^|\s)nocheck(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?(?=\s|$)/.exec(meta);
  if (nocheck) out.nocheck = (nocheck[1] ?? nocheck[2] ?? nocheck[3] ?? '').trim();
  const setup = /(?:^|\s)setup=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (setup) out.setup = (setup[1] ?? setup[2] ?? setup[3]).trim();
  return out;
}

/** Everything above this line is compiled but not shown (as in twoslash). */
export const CUT_BEFORE = '// ---cut---';
/** Everything below this line is compiled but not shown. */
export const CUT_AFTER = '// ---cut-after---';

/** A block's code split by its cut markers. */
export interface ShownCode {
  /** The code the page shows (and the copy button copies). */
  shown: string;
  /** Lines of the written code above the first shown line (the hidden lines and the marker). */
  hiddenAbove: number;
}

/**
 * The part of a block a reader sees: the lines between `// ---cut---` (the
 * last one, if several) and `// ---cut-after---` (the first one), each marker
 * matched as a whole line, ignoring surrounding spaces.
 */
export function splitShown(code: string): ShownCode {
  const lines = normalizeCode(code).split('\n');
  let from = 0;
  let to = lines.length;
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === CUT_BEFORE) from = i + 1;
    else if (trimmed === CUT_AFTER && to === lines.length) to = i;
  });
  if (to < from) to = from;
  return { shown: lines.slice(from, to).join('\n'), hiddenAbove: from };
}
