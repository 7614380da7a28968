import type { ImportDeclaration } from 'estree';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { VFile } from 'vfile';
import { classifyImport, isRefusal, readImportedFile, type ImportedFile, type ImportRoots } from './mdx-import-file.js';
import {
  adaptToPage,
  contentFor,
  MAX_PARTIAL_USES,
  parsePartial,
  PartialParseError,
  refuseNesting,
  type PartialFrame,
} from './mdx-partials.js';

type Place = { position?: Nodes['position'] };
type Fail = (reason: string, place: Place, hint?: string) => void;

/** What the imports of one file (a page or a partial) need: where files may come from, and what they bind. */
export interface ImportScope {
  /** Unset where content may import nothing (the API reference's Markdown). */
  roots?: ImportRoots;
  frame: PartialFrame;
  /** Absolute path of the file being transformed: relative imports start from its folder. */
  filePath: string;
  /** The page's own file: it records what the page read. */
  page: VFile;
  /** Names bound to partials, shown with `<Name />`; undefined for an import that failed (its uses show nothing, its error is enough). */
  partials: Map<string, ImportedFile | undefined>;
  /** Names bound to values (a `?raw` file's text). */
  bindings: Map<string, unknown>;
}

/**
 * Binds an import of content (an `.md`/`.mdx` partial, or a file as text with
 * `!!raw-loader!` or `?raw`) and returns true; returns false for any other
 * import, which is not content's to read. A file that cannot be imported is
 * an error at the import, and binds nothing.
 */
export function bindContentImport(statement: ImportDeclaration, place: Place, scope: ImportScope, fail: Fail): boolean {
  const source = String(statement.source.value);
  const target = classifyImport(source);
  if (!target) return false;
  // Until it is read: an import that fails binds its names to nothing.
  for (const specifier of statement.specifiers) {
    if (target.kind === 'raw' || specifier.type !== 'ImportDefaultSpecifier')
      scope.bindings.set(specifier.local.name, undefined);
    else scope.partials.set(specifier.local.name, undefined);
  }
  if (!scope.roots) {
    fail(`import of '${source}' is not allowed here`, place, 'remove the import');
    return true;
  }
  // `import Part, { toc as partToc } from './_part.mdx'`: the page's table of contents has the partial's headings already.
  const named = statement.specifiers.find(
    (s) => s.type !== 'ImportDefaultSpecifier' && !(target.kind === 'partial' && isTocSpecifier(s)),
  );
  if (named) {
    fail(
      `only the default import of '${source}' is supported (import Name from '...')`,
      place,
      `write import ${named.local.name} from '${source}'`,
    );
    return true;
  }
  const imported = readImportedFile(target.written, scope.filePath, scope.roots, target.kind);
  if (isRefusal(imported)) {
    fail(imported.reason, place, imported.hint);
    return true;
  }
  if (target.kind === 'partial') {
    const nesting = refuseNesting(imported, source, scope.frame);
    if (nesting) {
      fail(nesting, place, 'a partial cannot import itself or a partial that imports it');
      return true;
    }
  }
  recordReads(scope.page, imported);
  for (const specifier of statement.specifiers) {
    if (specifier.type !== 'ImportDefaultSpecifier') continue;
    if (target.kind === 'raw') scope.bindings.set(specifier.local.name, imported.text);
    else scope.partials.set(specifier.local.name, imported);
  }
  return true;
}

function isTocSpecifier(specifier: ImportDeclaration['specifiers'][number]): boolean {
  return (
    specifier.type === 'ImportSpecifier' &&
    specifier.imported.type === 'Identifier' &&
    specifier.imported.name === 'toc'
  );
}

/** The page's output depends on the file: the cache compiles it again when the file changes (compile-deps.ts). */
function recordReads(page: VFile, imported: ImportedFile): void {
  page.data.reads = [...(page.data.reads ?? []), ...imported.reads];
}

/** Transforms a partial's tree as a file of its own, with its props and the frame it is in (remark-mdx-static.ts). */
export type TransformPartial = (tree: Root, file: VFile, filePath: string, frame: PartialFrame) => void;

/**
 * The nodes that show a partial in place of `<Part ...props />`: its tree,
 * parsed and transformed with its own imports and the props given, adapted to
 * the page (links, places). Errors in the partial are reported in the
 * partial's file, at their line, and join the page's messages.
 */
export function expandPartial(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  props: Record<string, unknown>,
  imported: ImportedFile,
  scope: ImportScope,
  fail: Fail,
  transform: TransformPartial,
): Nodes[] {
  if (++scope.frame.uses.count > MAX_PARTIAL_USES) {
    fail(
      `too many partials on this page (more than ${MAX_PARTIAL_USES} uses, counting those inside partials)`,
      node,
      'use fewer partials, or fewer inside each other',
    );
    return [];
  }
  let parsed: { tree: Root; file: VFile };
  try {
    parsed = parsePartial(imported);
  } catch (error) {
    if (!(error instanceof PartialParseError)) throw error;
    const message = new VFile({ path: imported.name }).message(
      error.message,
      error.line ? { line: error.line, column: error.column ?? 1 } : undefined,
    );
    message.ruleId = 'invalid-mdx';
    message.fatal = true;
    message.note = 'check for unclosed tags, or escape `<` and `{` in prose as `&lt;` and `\\{`';
    scope.page.messages.push(message);
    return [];
  }
  const { tree, file: partialFile } = parsed;
  transform(tree, partialFile, imported.path, {
    chain: [...scope.frame.chain, imported.real],
    props,
    uses: scope.frame.uses,
  });
  scope.page.messages.push(...partialFile.messages);
  adaptToPage(tree, imported.path, scope.filePath, node.position);
  return contentFor(tree, node.type === 'mdxJsxTextElement');
}
