import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
  type YAMLError,
} from 'yaml';
import type { Diagnostic, FrontMatter } from '../types.js';
import { findFrontMatterBlock, isYamlLanguage } from './front-matter-block.js';
import { FRONT_MATTER_HINTS, FRONT_MATTER_KEYS, isFrontMatterKey } from './front-matter-schema.js';
import { ROUTE_TEXT_HINT } from '../route-text.js';

export interface ParsedFrontMatter {
  frontMatter: FrontMatter;
  body: string;
  bodyLineOffset: number;
  diagnostics: Diagnostic[];
  /** Line of each key docsgen read (`slug` and `id` place route errors). */
  keyLines: Partial<Record<keyof FrontMatter, number>>;
}

/**
 * Aliases one value may expand to: a "billion laughs" block (aliases of
 * aliases) is refused by the yaml parser instead of expanding.
 */
const MAX_ALIAS_COUNT = 100;

/**
 * The largest front matter read, in characters. Real front matter is a few
 * hundred; the yaml parser slows down more than linearly on deeply nested
 * input (32,000 nested `[` take about a second), so a page cannot stall a
 * build with a huge block.
 */
export const MAX_FRONT_MATTER_LENGTH = 64 * 1024;

const YAML_HINT = 'fix the YAML between the two --- lines';
const KEYS_HINT = "see the front matter keys and their types in docsgen's documentation (docs/guides/writing-content)";

/**
 * Splits a file into front matter and body and validates the known keys. The
 * front matter is YAML, and only YAML: it is parsed by the `yaml` package
 * (core schema, unique keys, bounded aliases) and never executed; a block
 * marked with another language (`---js`) is an error. With any error the body
 * is still returned, so the page exists for links and sidebars while the
 * error fails the build; keys of the wrong type are dropped and reported.
 */
export function parseFrontMatter(source: string, file: string): ParsedFrontMatter {
  const text = source.replace(/^\uFEFF/, '');
  const block = findFrontMatterBlock(text);
  const empty = { frontMatter: {}, keyLines: {}, diagnostics: [] };
  if (!block) return { ...empty, body: text, bodyLineOffset: 0 };
  const page = { body: block.body, bodyLineOffset: block.bodyLineOffset };
  const error = (message: string, line: number, column: number, hint = YAML_HINT): Diagnostic => ({
    severity: 'error',
    rule: 'invalid-front-matter',
    message,
    file,
    line,
    column,
    hint,
  });
  if (!isYamlLanguage(block.language)) {
    const marked = `front matter must be YAML (this block is marked '${block.language}')`;
    return {
      ...empty,
      ...page,
      diagnostics: [
        error(
          marked,
          1,
          block.languageColumn,
          'open the front matter with a plain --- line and write YAML: docsgen never runs front matter as code',
        ),
      ],
    };
  }
  if (!block.closed) {
    return {
      ...empty,
      ...page,
      diagnostics: [
        error(
          'front matter is never closed: no --- line ends it',
          1,
          1,
          'end the front matter with a --- line (for a horizontal rule at the top of a page, write *** instead)',
        ),
      ],
    };
  }
  if (block.text.length > MAX_FRONT_MATTER_LENGTH) {
    return {
      ...empty,
      ...page,
      diagnostics: [
        error(
          `front matter is too large (${Math.ceil(block.text.length / 1024)} KB; the limit is ${MAX_FRONT_MATTER_LENGTH / 1024} KB)`,
          1,
          1,
          'keep front matter to a few keys; long text belongs in the page',
        ),
      ],
    };
  }
  return { ...page, ...readYaml(block.text, error) };
}

type MakeError = (message: string, line: number, column: number, hint?: string) => Diagnostic;

/** Parses the YAML text (which starts on line 2 of the file) and reads each known key. */
function readYaml(text: string, error: MakeError): Pick<ParsedFrontMatter, 'frontMatter' | 'keyLines' | 'diagnostics'> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, schema: 'core', uniqueKeys: true });
  // Positions in the file: the YAML starts after the opening `---` line.
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + 1, column: col };
  };
  const errorAt = (message: string, offset: number, hint?: string) => {
    const place = at(offset);
    return error(message, place.line, place.column, hint);
  };
  const frontMatter: Record<string, unknown> = {};
  const keyLines: ParsedFrontMatter['keyLines'] = {};
  // The parser's first error is the one to fix (a stack overflow in deep nesting is reported at every level).
  const problem = doc.errors[0] ?? doc.warnings.find((w) => w.code === 'TAG_RESOLVE_FAILED');
  if (problem)
    return {
      frontMatter,
      keyLines,
      diagnostics: [errorAt(`invalid YAML front matter: ${describeYamlError(problem, text)}`, problem.pos[0])],
    };
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && contents.value === null))
    return { frontMatter, keyLines, diagnostics: [] };
  if (!isMap(contents))
    return {
      frontMatter,
      keyLines,
      diagnostics: [errorAt('front matter must be a map of keys to values', contents.range?.[0] ?? 0)],
    };

  const diagnostics: Diagnostic[] = [];
  for (const pair of contents.items) {
    const keyNode = pair.key as Node | null;
    const keyOffset = keyNode?.range?.[0] ?? 0;
    if (!isScalar(keyNode) || (typeof keyNode.value !== 'string' && typeof keyNode.value !== 'number')) {
      diagnostics.push(errorAt('front matter keys must be plain words', keyOffset));
      continue;
    }
    const key = String(keyNode.value);
    if (!isFrontMatterKey(key)) continue;
    const valueNode = pair.value as Node | null;
    let value: unknown;
    try {
      value =
        valueNode === null ? null : valueNode.toJS(doc as Document, { mapAsMap: true, maxAliasCount: MAX_ALIAS_COUNT });
    } catch (failure) {
      // An alias to an anchor that does not exist, or too many aliases: refused, never expanded.
      diagnostics.push(
        errorAt(`invalid YAML front matter: ${(failure as Error).message}`, firstAliasOffset(valueNode) ?? keyOffset),
      );
      continue;
    }
    const result = FRONT_MATTER_KEYS[key].safeParse(value);
    if (result.success) {
      frontMatter[key] = result.data;
      keyLines[key] = at(keyOffset).line;
      continue;
    }
    // Keys of the wrong type are dropped (and reported); the page keeps the others.
    for (const issue of result.error.issues) {
      const inner = issue.path.length ? nodeAt(valueNode, issue.path) : undefined;
      const place = at(inner?.range?.[0] ?? keyOffset);
      const name = [key, ...issue.path].join('.');
      const hint =
        issue.code === 'custom' && (key === 'id' || key === 'slug')
          ? ROUTE_TEXT_HINT
          : (FRONT_MATTER_HINTS[key] ?? KEYS_HINT);
      diagnostics.push(
        error(`front matter ${name}: ${issue.message.replace(/^Invalid input: /, '')}`, place.line, place.column, hint),
      );
    }
  }
  return { frontMatter: frontMatter as FrontMatter, keyLines, diagnostics };
}

/** The parser's message in words a page author can act on. */
function describeYamlError(problem: YAMLError, text: string): string {
  const written = text.slice(problem.pos[0], problem.pos[0] + 200);
  if (problem.code === 'DUPLICATE_KEY') return `the key '${/^[^\s:]*/.exec(written)![0]}' is given twice`;
  if (problem.code === 'TAG_RESOLVE_FAILED')
    return `unknown tag ${/^\S*/.exec(written)![0]} (front matter is plain YAML: strings, numbers, booleans, lists and maps; nothing in it is ever run)`;
  if (problem.code === 'RESOURCE_EXHAUSTION') return 'it is nested too deeply';
  return problem.message;
}

/** The node a validation issue points into (a list item, a map value), for its exact position. */
export function nodeAt(node: Node | null, path: PropertyKey[]): Node | undefined {
  let current: unknown = node;
  for (const step of path) {
    if (!isCollection(current)) return undefined;
    const items = current.items as unknown[];
    const found =
      typeof step === 'number'
        ? items[step]
        : items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(step));
    current = isPair(found) ? found.value : found;
  }
  return current as Node | undefined;
}

/** Where the first alias inside a value is written (walked with a stack: the value may be nested deep). */
function firstAliasOffset(value: Node | null): number | undefined {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (isAlias(node)) return node.range?.[0];
    if (isPair(node)) stack.push(node.value, node.key);
    else if (isCollection(node)) stack.push(...[...(node.items as unknown[])].reverse());
  }
  return undefined;
}
