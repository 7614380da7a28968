import { parse } from 'acorn';
import { transformSync } from 'esbuild';
import type { Expression, MemberExpression, Node, ObjectExpression, Program, SpreadElement } from 'estree';
import { createEvaluationBudget, spendOnParsed, TooLargeError } from './evaluation-budget.js';
import { applyPathFunction, recogniseCall } from './module-calls.js';
import { findExport, scanModule } from './module-scope.js';
import { deepNestingOffset, lineColumnAt, MAX_NESTING } from './nesting-depth.js';

/** A value of the file that is not data (a function, a `require` of a package, a computed key), left out. */
export interface SkippedValue {
  /** Its key path in the exported value: `themeConfig.prism.theme`. */
  path: string;
  /** Its line in the file, for JavaScript files (a TypeScript file is read after its types are stripped). */
  line?: number;
  /** Its source text, shortened. */
  source: string;
  /** Why an import it names was not read (a file missing, outside the site, not data), when that is the reason. */
  reason?: string;
  /** The module it was imported or `require`d from (`remark-code-import`), when it was. */
  module?: string;
}

/** What a JavaScript file exports, read as data: the value with code left out, and what was left out. */
export interface JsData {
  value: unknown;
  skipped: SkippedValue[];
}

/** An imported module's export read as data, or why it could not be (then the import is left out, with that reason). */
export type ImportedValue = { value: unknown } | { reason: string };

export interface ReadJsDataOptions {
  /** The export to read: `default` (`module.exports`, `export default`) or a name. */
  exportName?: string;
  /** The file's folder, relative to the site folder: the value of `__dirname` (default `.`). */
  dirname?: string;
  /**
   * Whether an exported function is followed to the object it returns (a
   * Docusaurus config may be `async function createConfig()`); a module it
   * imports exporting a function (a plugin) is code.
   */
  followFunctions?: boolean;
  /** Reads an export of a module the file imports (`import s from './sidebars.json'`, `require('./more')`); without it, imports are code. */
  importModule?: (specifier: string, exportName: string) => ImportedValue;
}

/** What is not data: left out of the value where it appears. */
const SKIP = Symbol('skip');

/** How deep names may lead to names (`const a = b; const b = c; ...`) before the value counts as code. */
const MAX_DEPTH = 50;

/** What `import.meta.dirname` and `__dirname` are read as. */
const isDirname = (node: Node): boolean =>
  node.type === 'MemberExpression' &&
  node.object.type === 'MetaProperty' &&
  !node.computed &&
  node.property.type === 'Identifier' &&
  node.property.name === 'dirname';

/** How much of a left-out value's source a note quotes. */
const SHOWN_SOURCE = 60;

/**
 * Reads what a config file (`docusaurus.config.js`, `sidebars.ts`) exports
 * without running it: the file is parsed, and its default export (or
 * `module.exports`), the `return` of an exported (async) function, or the
 * top-level constants they name, are evaluated as literals. Anything else (a
 * call, a `require` of a package, a function) is left out and listed in
 * `skipped`, with its key path. `require.resolve('./x')`, `path.join` and
 * `path.resolve` of `__dirname` and strings are read as the paths they name
 * (module-calls.ts); a file of the site the file imports is read through
 * `options.importModule`, as data too, and counted against the budget each
 * time it is used. A value that expands past the evaluation budget throws a
 * TooLargeError placed (`line`, `column`) in `source`.
 */
export function readJsData(source: string, fileName: string, options: ReadJsDataOptions = {}): JsData {
  const isTypeScript = /\.[cm]?tsx?$/.test(fileName);
  const deep = deepNestingOffset(source);
  if (deep >= 0)
    throw Object.assign(
      new TooLargeError(undefined, undefined, `it nests more than ${MAX_NESTING.toLocaleString('en-US')} levels deep`),
      lineColumnAt(source, deep),
    );
  const transformed = isTypeScript
    ? transformSync(source, { loader: fileName.endsWith('x') ? 'tsx' : 'ts', sourcemap: 'external' })
    : undefined;
  const code = transformed ? transformed.code : source;
  try {
    return evaluateExport(code, isTypeScript, options);
  } catch (error) {
    if (error instanceof TooLargeError) error.placeIn(transformed?.map);
    throw error;
  }
}

function evaluateExport(code: string, isTypeScript: boolean, options: ReadJsDataOptions): JsData {
  const program = parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    locations: true,
    allowHashBang: true,
    allowReturnOutsideFunction: true,
  }) as unknown as Program;
  const skipped: SkippedValue[] = [];
  const scope = scanModule(program);
  const { bindings } = scope;
  const exported = findExport(program, scope, options.exportName, options.followFunctions ?? true);
  if (!exported) return { value: undefined, skipped };

  const budget = createEvaluationBudget();
  /** An import's value, counted as often as it is used (it was read with a budget of its own); SKIP with a note when it could not be read. */
  const imported = (node: Node, path: string, specifier: string, name: string): unknown => {
    const result = options.importModule ? options.importModule(specifier, name) : { reason: '' };
    if ('reason' in result) {
      const entry = skip(node, path);
      if (result.reason) skipped[skipped.length - 1].reason = result.reason;
      skipped[skipped.length - 1].module = specifier;
      return entry;
    }
    spendOnParsed(result.value, budget);
    return result.value;
  };
  const skip = (node: Node, path: string): typeof SKIP => {
    // Only the start of the node's text is shown: slicing all of it each time would cost as much as the file.
    const start = (node as { start?: number }).start ?? 0;
    const end = (node as { end?: number }).end ?? 0;
    const text = code.slice(start, Math.min(end, start + SHOWN_SOURCE * 4)).replace(/\s+/g, ' ');
    const source =
      text.length > SHOWN_SOURCE || end > start + SHOWN_SOURCE * 4 ? `${text.slice(0, SHOWN_SOURCE - 3)}...` : text;
    const entry = { path: path || '(the export)', ...(isTypeScript ? {} : { line: node.loc?.start.line }), source };
    budget.spend(node, entry.path.length + source.length);
    skipped.push(entry);
    return SKIP;
  };

  const evaluate = (node: Node, path: string, depth: number): unknown => {
    budget.spend(node, node.type === 'Literal' && typeof node.value === 'string' ? node.value.length : 0);
    if (depth > MAX_DEPTH) return skip(node, path);
    switch (node.type) {
      case 'Literal':
        return 'regex' in node || typeof node.value === 'bigint' ? skip(node, path) : node.value;
      case 'TemplateLiteral': {
        const before = skipped.length;
        const parts = node.expressions.map((e) => evaluate(e, path, depth + 1));
        if (parts.some((p) => typeof p !== 'string' && typeof p !== 'number')) {
          // The substitutions were code: one entry for the whole string, not one per part.
          skipped.length = before;
          return skip(node, path);
        }
        const joined = node.quasis
          .map((q, i) => (q.value.cooked ?? q.value.raw) + (i < parts.length ? String(parts[i]) : ''))
          .join('');
        budget.spend(node, joined.length);
        return joined;
      }
      case 'UnaryExpression': {
        const value = evaluate(node.argument, path, depth + 1);
        if (node.operator === '-' && typeof value === 'number') return -value;
        if (node.operator === '!' && typeof value !== 'symbol') return !value;
        return value === SKIP ? SKIP : skip(node, path);
      }
      case 'BinaryExpression': {
        if (node.operator !== '+' || node.left.type === 'PrivateIdentifier') return skip(node, path);
        const before = skipped.length;
        const left = evaluate(node.left, path, depth + 1);
        const right = evaluate(node.right, path, depth + 1);
        if ((typeof left === 'string' || typeof right === 'string') && left !== SKIP && right !== SKIP)
          return String(left) + String(right);
        skipped.length = before;
        return skip(node, path);
      }
      case 'ArrayExpression': {
        const out: unknown[] = [];
        node.elements.forEach((element, i) => {
          if (!element) return;
          if (element.type === 'SpreadElement') {
            const spread = evaluate(element.argument, `${path}[${i}]`, depth + 1);
            // One by one: `push(...spread)` passes each item as an argument, and a long list overflows the stack.
            if (Array.isArray(spread)) for (const item of spread) out.push(item);
            else if (spread !== SKIP) skip(element, `${path}[${i}]`);
            return;
          }
          const value = evaluate(element, `${path}[${i}]`, depth + 1);
          if (value !== SKIP) out.push(value);
        });
        return out;
      }
      case 'ObjectExpression':
        return evaluateObject(node, path, depth);
      case 'Identifier': {
        if (node.name === 'undefined') return undefined;
        const bound = bindings.get(node.name);
        if (bound) return budget.following(node, () => evaluate(bound, path, depth + 1));
        const importedAs = scope.imports.get(node.name);
        if (importedAs)
          return budget.following(node, () => imported(node, path, importedAs.source, importedAs.imported));
        if (node.name === '__dirname') return options.dirname ?? '.';
        return skip(node, path);
      }
      case 'CallExpression':
        return evaluateCall(node, path, depth);
      case 'MemberExpression':
        return isDirname(node) ? (options.dirname ?? '.') : evaluateMember(node, path, depth);
      default:
        return skip(node, path);
    }
  };

  /**
   * `require.resolve('./sidebars')` (the path as written: Docusaurus resolves it
   * from the site folder), `path.join`/`resolve`/`dirname` of strings, and
   * `require('./file')` of a site file; any other call is code.
   */
  const evaluateCall = (node: Node & { type: 'CallExpression' }, path: string, depth: number): unknown => {
    const call = recogniseCall(node, scope);
    if (!call) return skip(node, path);
    const before = skipped.length;
    const args = node.arguments.map((argument) =>
      argument.type === 'SpreadElement' ? SKIP : evaluate(argument, path, depth + 1),
    );
    if (args.length === 0 || args.some((argument) => typeof argument !== 'string')) {
      skipped.length = before;
      return skip(node, path);
    }
    const strings = args as string[];
    if (call.kind === 'path') return applyPathFunction(call.fn, strings);
    if (call.kind === 'resolve') return strings[0];
    return imported(node, path, strings[0], 'default');
  };

  /** `object.key` (or `object['key']`) of a value that is data: its own property; anything else is code. */
  const evaluateMember = (node: MemberExpression, path: string, depth: number): unknown => {
    const key =
      !node.computed && node.property.type === 'Identifier'
        ? node.property.name
        : node.property.type === 'Literal' && typeof node.property.value === 'string'
          ? node.property.value
          : undefined;
    if (key === undefined || node.object.type === 'Super') return skip(node, path);
    const before = skipped.length;
    const object = evaluate(node.object, path, depth + 1);
    if (typeof object === 'object' && object !== null && !Array.isArray(object) && Object.hasOwn(object, key))
      return (object as Record<string, unknown>)[key];
    // The whole expression is the one entry: `prismThemes.github`, not the `require` it starts from.
    const reason = skipped.slice(before).find((entry) => entry.reason)?.reason;
    const module = skipped.slice(before).find((entry) => entry.module)?.module;
    skipped.length = before;
    const entry = skip(node, path);
    if (reason) skipped[skipped.length - 1].reason = reason;
    if (module) skipped[skipped.length - 1].module = module;
    return entry;
  };

  const evaluateObject = (node: ObjectExpression, path: string, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = Object.create(null);
    for (const property of node.properties as (ObjectExpression['properties'][number] | SpreadElement)[]) {
      if (property.type === 'SpreadElement') {
        const spread = evaluate(property.argument, path, depth + 1);
        if (spread && typeof spread === 'object' && !Array.isArray(spread)) Object.assign(out, spread);
        else if (spread !== SKIP) skip(property, path);
        continue;
      }
      const key = property.computed
        ? undefined
        : property.key.type === 'Identifier'
          ? property.key.name
          : property.key.type === 'Literal'
            ? String(property.key.value)
            : undefined;
      const at = key === undefined ? path : path ? `${path}.${key}` : key;
      budget.spend(property, key?.length ?? 0);
      if (key === undefined || property.kind !== 'init' || property.method) {
        skip(property, at);
        continue;
      }
      const value = evaluate(property.value as Expression, at, depth + 1);
      if (value !== SKIP) out[key] = value;
    }
    return out;
  };

  const value = evaluate(exported, '', 0);
  return { value: value === SKIP ? undefined : value, skipped };
}
