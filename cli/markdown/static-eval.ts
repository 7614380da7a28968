import { addBaseUrl, isExternalUrl } from '../url-parts.js';
import { JsxValue, jsxToMdast } from './jsx-value.js';
import type { Node as EstreeNode, Expression, ObjectExpression, ArrayExpression, Program } from 'estree';

/**
 * A static interpreter for the safe subset of JavaScript that MDX content may
 * use: literals, template strings without substitutions, arrays and objects of
 * these (spread included), identifiers bound by `export const`,
 * `useBaseUrl('...')`, `props.name` inside a partial, and JSX, kept as
 * Markdown nodes (jsx-value.ts). Nothing is ever executed; anything else throws a
 * StaticEvalError pointing at the offending node.
 */
export class StaticEvalError extends Error {
  constructor(
    message: string,
    readonly node: EstreeNode,
  ) {
    super(message);
  }
}

export interface EvalScope {
  /** Values bound by `export const NAME = ...` earlier in the file. */
  bindings: Map<string, unknown>;
  /** Names that call `useBaseUrl` (its import may be renamed). */
  baseUrlFunctions: Set<string>;
  baseUrl: string;
  /** Inside a partial, the props it was given: `props.name` reads one (undefined when not given). */
  props?: Record<string, unknown>;
}

export function evaluateExpression(node: Expression | EstreeNode, scope: EvalScope): unknown {
  switch (node.type) {
    case 'Literal':
      if ('regex' in node && node.regex) throw new StaticEvalError('regular expressions are not allowed', node);
      if (typeof node.value === 'bigint') throw new StaticEvalError('bigint literals are not allowed', node);
      return node.value;
    case 'TemplateLiteral':
      if (node.expressions.length)
        throw new StaticEvalError('template strings with ${...} substitutions are not allowed', node);
      return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
    case 'ArrayExpression':
      return evaluateArray(node, scope);
    case 'ObjectExpression':
      return evaluateObject(node, scope);
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      if (scope.bindings.has(node.name)) return scope.bindings.get(node.name);
      throw new StaticEvalError(
        `unknown identifier '${node.name}' (only names bound by \`export const\` in this file can be used)`,
        node,
      );
    case 'JSXElement':
    case 'JSXFragment':
      return new JsxValue(jsxToMdast(node));
    case 'MemberExpression':
      if (scope.props && node.object.type === 'Identifier' && node.object.name === 'props')
        return readProp(scope.props, node);
      break;
    case 'UnaryExpression':
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number')
        return -node.argument.value;
      break;
    case 'CallExpression':
      if (
        node.callee.type === 'Identifier' &&
        scope.baseUrlFunctions.has(node.callee.name) &&
        node.arguments.length === 1
      ) {
        const arg = evaluateExpression(node.arguments[0], scope);
        if (typeof arg !== 'string') throw new StaticEvalError('useBaseUrl() takes a string', node);
        return joinBaseUrl(scope.baseUrl, arg);
      }
      throw new StaticEvalError("function calls are not allowed in content (only useBaseUrl('...'))", node);
  }
  throw new StaticEvalError(`${describeNode(node)} is not allowed in content; use a literal value`, node);
}

/** `props.name` or `props['name']`: an own prop only, never one of Object's. */
function readProp(props: Record<string, unknown>, node: Extract<EstreeNode, { type: 'MemberExpression' }>): unknown {
  const name =
    !node.computed && node.property.type === 'Identifier'
      ? node.property.name
      : node.property.type === 'Literal' && typeof node.property.value === 'string'
        ? node.property.value
        : undefined;
  if (name === undefined) throw new StaticEvalError('only props.name can be read from props', node);
  return Object.hasOwn(props, name) ? props[name] : undefined;
}

function evaluateArray(node: ArrayExpression, scope: EvalScope): unknown[] {
  const out: unknown[] = [];
  for (const element of node.elements) {
    if (!element) continue;
    if (element.type === 'SpreadElement') {
      const value = evaluateExpression(element.argument, scope);
      if (!Array.isArray(value)) throw new StaticEvalError('only arrays can be spread into arrays', element);
      out.push(...value);
    } else out.push(evaluateExpression(element, scope));
  }
  return out;
}

function evaluateObject(node: ObjectExpression, scope: EvalScope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const property of node.properties) {
    if (property.type === 'SpreadElement') {
      const value = evaluateExpression(property.argument, scope);
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new StaticEvalError('only objects can be spread into objects', property);
      Object.assign(out, value);
      continue;
    }
    if (property.kind !== 'init' || property.method)
      throw new StaticEvalError('getters, setters and methods are not allowed', property);
    let key: string;
    if (property.computed) key = String(evaluateExpression(property.key, scope));
    else if (property.key.type === 'Identifier') key = property.key.name;
    else if (property.key.type === 'Literal') key = String(property.key.value);
    else throw new StaticEvalError('unsupported object key', property.key);
    if (key === '__proto__') throw new StaticEvalError('__proto__ keys are not allowed', property.key);
    out[key] = evaluateExpression(property.value, scope);
  }
  return out;
}

/** Reads the single expression of an MDX expression program (`{...}`); null for a comment-only expression. */
export function expressionOf(program: Program | undefined): Expression | null {
  if (!program || program.body.length === 0) return null;
  const statement = program.body[0];
  if (statement.type !== 'ExpressionStatement')
    throw new StaticEvalError('only expressions are allowed inside {...}', statement);
  return statement.expression;
}

function describeNode(node: EstreeNode): string {
  const names: Record<string, string> = {
    ArrowFunctionExpression: 'a function',
    FunctionExpression: 'a function',
    MemberExpression: 'a property access',
    BinaryExpression: 'an operator expression',
    LogicalExpression: 'an operator expression',
    ConditionalExpression: 'a conditional expression',
    AssignmentExpression: 'an assignment',
    NewExpression: 'a `new` expression',
    AwaitExpression: 'an await expression',
  };
  return names[node.type] ?? `a ${node.type}`;
}

/** `useBaseUrl(p)`: the baseUrl added once, as on Docusaurus (a path that has it already keeps it). */
export function joinBaseUrl(baseUrl: string, p: string): string {
  if (isExternalUrl(p)) return p;
  return addBaseUrl(baseUrl, p);
}
