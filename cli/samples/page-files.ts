/**
 * A page's checked blocks as the virtual files of its folder, and the way
 * back: from a position in a file to the Markdown (for errors) or to the
 * shown code (for links). A block titled `useFaceDetector.ts` is written at
 * that base name with its language's extension, so another block of the
 * page can import it; untitled blocks are `block-<n>`.
 */
import path from 'node:path';
import type { SampleFile } from './checker-protocol.js';
import { normalizeCode, sampleKey, splitShown } from './code-refs.js';
import type { FoundSample } from './find-samples.js';

/** A setup file's text, prepended (hidden) to the blocks that name it. */
export interface SetupText {
  /** As `setup=<name>` names it. */
  name: string;
  /** Path relative to the site root (where errors inside it are placed). */
  file: string;
  text: string;
}

/** One checked block: its virtual file and what maps positions back. */
export interface PlannedBlock {
  sample: FoundSample;
  key: string;
  file: SampleFile;
  setup?: SetupText;
  /** Lines of the file before the block's code (the setup's). */
  setupLines: number;
  /** Lines of the code above the shown part (hidden lines and the cut marker). */
  hiddenAbove: number;
  /** Lines of the shown part. */
  shownLines: number;
}

const EXTENSIONS: Record<string, string> = { ts: '.ts', typescript: '.ts', tsx: '.tsx' };

/** The block's virtual file, `setup` (if any) first, then its code. */
export function planBlock(
  sample: FoundSample,
  index: number,
  folder: string,
  taken: Set<string>,
  setup?: SetupText,
): PlannedBlock {
  const code = normalizeCode(sample.code);
  const preamble = setup ? normalizeCode(setup.text) : undefined;
  const setupLines = preamble === undefined ? 0 : preamble.split('\n').length;
  const { shown, hiddenAbove } = splitShown(code);
  const shownLines = shown.split('\n').length;
  const name = fileNameOf(sample, index, taken);
  const from = setupLines + hiddenAbove;
  return {
    sample,
    key: sampleKey(sample.lang, sample.meta, sample.code),
    file: {
      path: path.join(folder, name),
      text: preamble === undefined ? code : `${preamble}\n${code}`,
      shown: { from, to: from + shownLines },
    },
    ...(setup ? { setup } : {}),
    setupLines,
    hiddenAbove,
    shownLines,
  };
}

/**
 * The block's file name: its title's base name (characters a file name can
 * hold; its extension replaced by the language's), else `block-<n>`; a name
 * taken by an earlier block of the page gets `-2`, `-3`...
 */
function fileNameOf(sample: FoundSample, index: number, taken: Set<string>): string {
  const ext = EXTENSIONS[sample.lang.toLowerCase()] ?? '.ts';
  const title = titleOf(sample.meta);
  const base = title
    ? path.posix
        .basename(title.replace(/\\/g, '/'))
        .replace(/\.(?:[cm]?[jt]sx?)$/i, '')
        .replace(/[^A-Za-z0-9_.-]/g, '_')
    : '';
  const stem = base && base !== '.' && base !== '..' ? base : `block-${index + 1}`;
  let name = stem + ext;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${ext}`;
  taken.add(name.toLowerCase());
  return name;
}

/** `title="App.tsx"` (or single quotes, or unquoted) from a block's meta. */
export function titleOf(meta: string): string | undefined {
  const match = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  return match ? (match[1] ?? match[2] ?? match[3])!.trim() : undefined;
}

/** Where a position of the block's file is in the sources: the setup file, or the Markdown page. */
export function placeInSource(
  block: PlannedBlock,
  pageFile: string,
  line: number,
  character: number,
): { file: string; line: number; column: number } {
  if (block.setup && line < block.setupLines) return { file: block.setup.file, line: line + 1, column: character + 1 };
  return { file: pageFile, line: block.sample.line + line - block.setupLines, column: block.sample.column + character };
}

/** The 0-based line of the shown code for a line of the block's file, undefined when it is hidden. */
export function shownLineOf(block: PlannedBlock, line: number): number | undefined {
  const shownLine = line - block.file.shown.from;
  return shownLine >= 0 && shownLine < block.shownLines ? shownLine : undefined;
}
