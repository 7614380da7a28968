import path from 'node:path';
import type { Code, Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { findFileWord, parseCodeFileRef, sliceCodeLines } from '../code-file-ref.js';
import { isKnownMetaWord, splitMetaWords, unknownMetaHint } from '../code-meta-words.js';
import {
  isRefusal,
  readContentFile,
  relativeBase,
  showAllowed,
  symlinkNote,
  type ImportRoots,
} from './mdx-import-file.js';
import { transformAdmonitions, type AdmonitionOptions } from './remark-admonitions.js';

/** What the file transforms need: the admonition keywords, and where `file=` code blocks may read from (unset: nowhere). */
export interface FileContentOptions extends AdmonitionOptions {
  codeFiles?: ImportRoots;
}

declare module 'mdast' {
  interface Data {
    /** Set on a code node once its file and meta were handled in the file that holds it (a partial's, before it joins the page). */
    metaHandled?: boolean;
  }
}

/** The page plugin: see transformFileContent. */
export function remarkFileContent(options: FileContentOptions) {
  return (tree: Root, file: VFile) => {
    const filePath = (file.data.linkContext as { filePath?: string } | undefined)?.filePath ?? file.path;
    transformFileContent(tree, { file, page: file, filePath }, options);
  };
}

/** The file whose tree is transformed (a page, or a partial inside one), its absolute path, and the page, which records what was read. */
export interface FileInPage {
  file: VFile;
  page: VFile;
  filePath: string;
}

/**
 * What must be done in the file that holds the content, before a partial's
 * nodes take the place of the element that shows it (mdx-partials.ts): its
 * admonitions (their warnings at the partial's lines), its code blocks'
 * `file=` (read from the partial's folder, as remark-code-import reads it
 * from the Markdown file), and the warning about meta words docsgen does not
 * read. Code nodes handled once are marked, so the page's own pass skips them.
 */
export function transformFileContent(tree: Root, at: FileInPage, options: FileContentOptions): void {
  transformAdmonitions(tree, at.file, options);
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'code') {
      if (!node.data?.metaHandled) handleCode(node, at, options.codeFiles);
    } else if ('children' in node) {
      // Last child first onto the stack: blocks are handled, and reported, in the order of the page.
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
}

function handleCode(node: Code, at: FileInPage, roots: ImportRoots | undefined): void {
  node.data = { ...node.data, metaHandled: true };
  if (!node.meta) return;
  const words = splitMetaWords(node.meta);
  const unknown = words.filter((w) => !isKnownMetaWord(w.text));
  if (unknown.length) {
    const shown = unknown.slice(0, 5).map((w) => `'${w.text.length > 40 ? `${w.text.slice(0, 39)}…` : w.text}'`);
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    const message = at.file.message(
      `docsgen does not read ${unknown.length === 1 ? 'the word' : 'the words'} ${shown.join(', ')}${more} in this code block's meta: the block is shown without what a Docusaurus plugin made of ${unknown.length === 1 ? 'it' : 'them'}`,
      wordPlace(node, unknown[0].start, at.file),
    );
    message.ruleId = 'unknown-code-meta';
    message.note = unknownMetaHint(unknown.map((w) => w.text));
  }
  const value = findFileWord(words);
  if (value !== undefined) fillFromFile(node, value, at, roots, words.find((w) => w.text.startsWith('file='))!.start);
}

/** Reads the file a `file=` names into the block, under the content folders' rule; an error at the word when it cannot. */
function fillFromFile(
  node: Code,
  value: string,
  at: FileInPage,
  roots: ImportRoots | undefined,
  wordStart: number,
): void {
  const subject = `cannot fill this code block from file=${value.length > 80 ? `${value.slice(0, 79)}…` : value}`;
  const failWith = (text: string, hint: string) => {
    const message = at.file.message(text, wordPlace(node, wordStart, at.file));
    message.ruleId = 'code-file';
    message.fatal = true;
    message.note = hint;
  };
  const fail = (reason: string, hint: string) => failWith(`${subject}: ${reason}`, hint);
  const ref = parseCodeFileRef(value);
  if ('error' in ref) return fail(ref.error, 'write file=./path/from/this/file.ts, with #L3-L7 for some lines');
  if (!roots) return fail('this text cannot read files', 'write the code in the block');
  const base = relativeBase(at.filePath, roots);
  const linked = base.linkedTo ? symlinkNote(base.linkedTo, roots) : '';
  const where = `a code block can read files from ${showAllowed(roots)} only${linked}`;
  let absolute: string;
  if (ref.written.startsWith('<rootDir>/')) absolute = path.join(roots.root, ref.written.slice('<rootDir>/'.length));
  else if (ref.written.startsWith('@site/')) absolute = path.join(roots.root, ref.written.slice('@site/'.length));
  else if (path.isAbsolute(ref.written))
    return fail(
      'an absolute path is not read',
      `write the path from this file (./example.tsx) or from the site root (<rootDir>/...); ${where}`,
    );
  else absolute = path.resolve(base.folder, ref.written);
  const read = readContentFile(absolute, roots, {
    subject,
    where,
    missingHint: `fix the path: it is read from this Markdown file's folder, or from the site root with <rootDir>/${linked}`,
    verb: 'read',
    limitName: 'files a code block reads',
  });
  if (isRefusal(read)) return failWith(read.reason, read.hint);
  at.page.data.reads = [...(at.page.data.reads ?? []), ...read.reads];
  const lines = sliceCodeLines(read.text, ref);
  if ('error' in lines)
    return fail(`${read.name}: ${lines.error}`, 'fix the line range, or leave it out to show the whole file');
  node.value = lines.code;
}

/**
 * Where a word of the meta is: its column on the fence's line, found in the
 * file's text; the block's own place when the line does not hold the meta (a
 * `<CodeBlock>`, whose meta is made from its props).
 */
function wordPlace(node: Code, wordStart: number, file: VFile): { line: number; column: number } | undefined {
  const start = node.position?.start;
  if (!start) return undefined;
  const line = start.offset === undefined ? '' : lineFrom(String(file.value ?? ''), start.offset - (start.column - 1));
  const at = node.meta ? line.lastIndexOf(node.meta) : -1;
  return { line: start.line, column: at === -1 ? start.column : at + wordStart + 1 };
}

/** The line of `text` that starts at `offset` (the fence's line: its start is the node's offset less its column). */
function lineFrom(text: string, offset: number): string {
  const end = text.indexOf('\n', offset);
  return text.slice(offset, end === -1 ? undefined : end);
}
