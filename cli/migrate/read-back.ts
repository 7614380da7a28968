/**
 * The check `migrate` makes before it keeps a `build.config.ts`: the text,
 * as the bytes that will be written, is parsed (never run) by acorn, and again
 * after esbuild's TypeScript transform (what the config loader bundles), and
 * read back as data by a reader that accepts nothing but the literals the
 * writer produces. The file must be those comments and one `export default`
 * of exactly the value meant. Anything else (text of the Docusaurus site that
 * became code, a comment that ended early, a key that set a prototype) is a
 * mismatch, and nothing is written.
 */

import { parse, type Comment } from 'acorn';
import { transformSync } from 'esbuild';
import type { Expression, Node, Program } from 'estree';
import { writtenEntries } from './config-text.js';

/** Why the text does not read back as the value; undefined when it does. */
export function readBackMismatch(text: string, value: Record<string, unknown>, comments: string[]): string | undefined {
  const written = Buffer.from(text, 'utf8').toString('utf8');
  const asScript = readModule(written, comments);
  if (typeof asScript === 'string') return asScript;
  const asScriptDiff = difference(value, asScript.value, '');
  if (asScriptDiff !== undefined) return asScriptDiff;
  let transformed: string;
  try {
    transformed = transformSync(written, { loader: 'ts' }).code;
  } catch (error) {
    return `esbuild cannot read it: ${(error as Error).message}`;
  }
  const asTypeScript = readModule(transformed);
  if (typeof asTypeScript === 'string') return `after esbuild's transform, ${asTypeScript}`;
  return difference(value, asTypeScript.value, '');
}

/** The exported value, or what is wrong with the module; its line comments must be `comments` when given. */
function readModule(text: string, comments?: string[]): { value: unknown } | string {
  const seen: Comment[] = [];
  let program: Program;
  try {
    program = parse(text, { ecmaVersion: 'latest', sourceType: 'module', onComment: seen }) as unknown as Program;
  } catch (error) {
    return `it does not parse: ${(error as Error).message}`;
  }
  if (comments) {
    const lines = seen.map((c) => (c.type === 'Line' ? c.value : `/*${c.value}*/`));
    if (lines.length !== comments.length || lines.some((line, i) => line !== comments[i]))
      return 'its comments are not the header that was written';
  }
  const [statement, ...rest] = program.body;
  if (rest.length > 0 || statement?.type !== 'ExportDefaultDeclaration') return 'it is not one `export default`';
  try {
    return { value: literalValue(statement.declaration as Node) };
  } catch (error) {
    return (error as Error).message;
  }
}

/** A literal the writer (or esbuild reprinting it) produces; anything else throws. */
function literalValue(node: Node): unknown {
  switch (node.type) {
    case 'Literal':
      if ('regex' in node || 'bigint' in node) break;
      return node.value;
    case 'TemplateLiteral':
      // esbuild reprints a string holding a line break as a template without substitutions.
      if (node.expressions.length > 0 || node.quasis[0]?.value.cooked == null) break;
      return node.quasis[0].value.cooked;
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      if (node.name === 'Infinity') return Infinity;
      if (node.name === 'NaN') return NaN;
      break;
    case 'UnaryExpression': {
      if (node.operator === 'void' && node.argument.type === 'Literal' && node.argument.value === 0) return undefined;
      const argument = node.operator === '-' ? literalValue(node.argument) : undefined;
      if (typeof argument === 'number') return -argument;
      break;
    }
    case 'ArrayExpression':
      return node.elements.map((element) => {
        if (!element || element.type === 'SpreadElement')
          throw new Error(`an array holds ${element ? 'a spread' : 'a hole'}`);
        return literalValue(element);
      });
    case 'ObjectExpression': {
      const out: Record<string, unknown> = Object.create(null);
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.method || property.shorthand)
          throw new Error('an object holds something other than `key: value`');
        const key = propertyName(property.key as Expression, property.computed);
        if (Object.hasOwn(out, key)) throw new Error(`the key '${key}' is written twice`);
        out[key] = literalValue(property.value as Node);
      }
      return out;
    }
    default:
  }
  throw new Error(`it holds code (${node.type}), not data`);
}

/** A key as the writer writes it: bare or quoted, `['__proto__']` computed, never `__proto__` plain (it sets the prototype). */
function propertyName(key: Expression, computed: boolean): string {
  const name =
    key.type === 'Identifier' && !computed
      ? key.name
      : key.type === 'Literal' && typeof key.value === 'string'
        ? key.value
        : undefined;
  if (name === undefined || computed !== (name === '__proto__'))
    throw new Error('an object has a key that is not written as data');
  return name;
}

/** Where `actual` differs from `expected` (as `toSource` writes it), or undefined. */
function difference(expected: unknown, actual: unknown, at: string): string | undefined {
  const where = at || 'the config';
  if (typeof expected !== 'object' || expected === null) {
    return Object.is(expected, actual) ? undefined : `${where} reads back as another value`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${where} reads back as another list`;
    for (let i = 0; i < expected.length; i++) {
      const found = difference(expected[i], actual[i], `${at}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
    return `${where} reads back as another value`;
  const entries = writtenEntries(expected);
  const keys = Object.keys(actual);
  if (keys.length !== entries.length || entries.some(([key], i) => keys[i] !== key))
    return `${where} reads back with other keys`;
  for (const [key, v] of entries) {
    const found = difference(v, (actual as Record<string, unknown>)[key], at ? `${at}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}
