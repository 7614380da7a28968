import { parse } from 'acorn';
import { transformSync } from 'esbuild';
import type { Expression, Node, ObjectExpression, Pattern, Program, SpreadElement, Statement } from 'estree';
import { createEvaluationBudget, TooLargeError } from './evaluation-budget.js';
import { deepNestingOffset, lineColumnAt, MAX_NESTING } from './nesting-depth.js';

/** A value of the file that is not data (a function, a `require` of a package, a computed key), left out. */
export interface SkippedValue {
  /** Its key path in the exported value: `themeConfig.prism.theme`. */
  path: string;
  /** Its line in the file, for JavaScript files (a TypeScript file is read after its types are stripped). */
  line?: number;
  /** Its source text, shortened. */
  source: string;
}

/** What a JavaScript file exports, read as data: the value with code left out, and what was left out. */
export interface JsData {
  value: unknown;
  skipped: SkippedValue[];
}

/** What is not data: left out of the value where it appears. */
const SKIP = Symbol('skip');

/** How deep names may lead to names (`const a = b; const b = c; ...`) before the value counts as code. */
const MAX_DEPTH = 50;

/** How much of a left-out value's source a note quotes. */
const SHOWN_SOURCE = 60;

/**
 * Reads what a config file (`docusaurus.config.js`, `sidebars.ts`) exports
 * without running it: the file is parsed, and its default export (or
 * `module.exports`), the `return` of an exported (async) function, or the
 * top-level constants they name, are evaluated as literals. Anything else (a
 * call, a `require` of a package, a function) is left out and listed in
 * `skipped`, with its key path. `require.resolve('./x')` is read as the path it names.
 * A value that expands past the evaluation budget throws a TooLargeError
 * placed (`line`, `column`) in `source`.
 */
export function readJsData(source: string, fileName: string): JsData {
  const isTypeScript = /\.[cm]?tsx?$/.test(fileName);
  const deep = deepNestingOffset(source);
  if (deep >= 0) throw Object.assign(new TooLargeError(undefined, undefined, `it nests more than ${MAX_NESTING.toLocaleString('en-US')} levels deep`), lineColumnAt(source, deep));
  const transformed = isTypeScript ? transformSync(source, { loader: fileName.endsWith('x') ? 'tsx' : 'ts', sourcemap: 'external' }) : undefined;
  const code = transformed ? transformed.code : source;
  try {
    return evaluateExport(code, isTypeScript);
  } catch (error) {
    if (error instanceof TooLargeError) error.placeIn(transformed?.map);
    throw error;
  }
}

function evaluateExport(code: string, isTypeScript: boolean): JsData {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true, allowReturnOutsideFunction: true }) as unknown as Program;
  const skipped: SkippedValue[] = [];
  const bindings = new Map<string, Node>();
  collectBindings(program.body, bindings);
  const exported = findExport(program, bindings);
  if (!exported) return { value: undefined, skipped };

  const budget = createEvaluationBudget();
  const skip = (node: Node, path: string): typeof SKIP => {
    // Only the start of the node's text is shown: slicing all of it each time would cost as much as the file.
    const start = (node as { start?: number }).start ?? 0;
    const end = (node as { end?: number }).end ?? 0;
    const text = code.slice(start, Math.min(end, start + SHOWN_SOURCE * 4)).replace(/\s+/g, ' ');
    const source = text.length > SHOWN_SOURCE || end > start + SHOWN_SOURCE * 4 ? `${text.slice(0, SHOWN_SOURCE - 3)}...` : text;
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
        const joined = node.quasis.map((q, i) => (q.value.cooked ?? q.value.raw) + (i < parts.length ? String(parts[i]) : '')).join('');
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
        if ((typeof left === 'string' || typeof right === 'string') && left !== SKIP && right !== SKIP) return String(left) + String(right);
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
        return bound ? budget.following(node, () => evaluate(bound, path, depth + 1)) : skip(node, path);
      }
      case 'CallExpression': {
        // `sidebarPath: require.resolve('./sidebars.js')`: the path, as Docusaurus resolves it from the site folder.
        const callee = node.callee;
        const isResolve = callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'require' && callee.property.type === 'Identifier' && callee.property.name === 'resolve';
        const argument = node.arguments[0];
        if (isResolve && argument?.type === 'Literal' && typeof argument.value === 'string') return argument.value;
        return skip(node, path);
      }
      default:
        return skip(node, path);
    }
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
      const key = property.computed ? undefined : property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
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

/** Top-level `const`/`let`/`var NAME = value` (and those of the exported function's body). */
function collectBindings(body: (Statement | Node)[], bindings: Map<string, Node>): void {
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) bindings.set(declaration.id.name, declaration);
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (isIdentifier(declarator.id) && declarator.init) bindings.set(declarator.id.name, declarator.init);
    }
  }
}

function isIdentifier(pattern: Pattern): pattern is Pattern & { type: 'Identifier'; name: string } {
  return pattern.type === 'Identifier';
}

/**
 * The exported value: `module.exports = X`, `export default X`; X a name is
 * followed to its value, and X a function (`async function createConfig()`)
 * to the object its body returns.
 */
function findExport(program: Program, bindings: Map<string, Node>): Node | undefined {
  let exported: Node | undefined;
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') exported = statement.declaration as Node;
    else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const target = statement.expression.left;
      const isModuleExports = target.type === 'MemberExpression' && target.object.type === 'Identifier' && target.object.name === 'module' && target.property.type === 'Identifier' && target.property.name === 'exports';
      if (isModuleExports) exported = statement.expression.right;
    }
  }
  for (let hops = 0; exported && hops < MAX_DEPTH; hops++) {
    if (exported.type === 'Identifier') {
      const bound = bindings.get(exported.name);
      if (!bound) return exported;
      exported = bound;
    } else if (exported.type === 'FunctionDeclaration' || exported.type === 'FunctionExpression' || exported.type === 'ArrowFunctionExpression') {
      if (exported.body.type !== 'BlockStatement') {
        exported = exported.body;
        continue;
      }
      collectBindings(exported.body.body, bindings);
      const returned = exported.body.body.find((s) => s.type === 'ReturnStatement');
      exported = returned?.type === 'ReturnStatement' ? (returned.argument ?? undefined) : undefined;
    } else return exported;
  }
  return exported;
}
