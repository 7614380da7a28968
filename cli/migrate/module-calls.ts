/**
 * The few calls a config file makes that are data all the same: the paths
 * it computes (`require.resolve('./sidebars')`, `path.join(__dirname,
 * 'sidebars.js')`, `path.resolve(__dirname, './sidebars.ts')`) and the
 * files of the site it imports (`require('./sidebars.json')`). They are
 * recognised by their syntax and computed here; nothing is run.
 */

import path from 'node:path';
import type { CallExpression, Node } from 'estree';
import type { ModuleScope } from './module-scope.js';

/** What a recognised call is: a path function of node:path, `require.resolve`, or `require` of a module. */
export type ModuleCall =
  | { kind: 'path'; fn: 'join' | 'resolve' | 'dirname' }
  | { kind: 'resolve' }
  | { kind: 'require' };

const PATH_MODULES = new Set(['path', 'node:path']);
const PATH_FUNCTIONS = new Set(['join', 'resolve', 'dirname']);

/** Whether `name` is bound to node:path: `const path = require('path')`, `import path from 'node:path'`, `import * as path …`. */
function isPathModule(name: string, scope: ModuleScope): boolean {
  const imported = scope.imports.get(name);
  if (imported)
    return PATH_MODULES.has(imported.source) && (imported.imported === 'default' || imported.imported === '*');
  const bound = scope.bindings.get(name);
  return bound !== undefined && requiredModule(bound) !== undefined && PATH_MODULES.has(requiredModule(bound)!);
}

/** The module `require('x')` names, when `node` is such a call with a literal. */
export function requiredModule(node: Node): string | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require')
    return undefined;
  const argument = node.arguments[0];
  return argument?.type === 'Literal' && typeof argument.value === 'string' ? argument.value : undefined;
}

/** What the call is, when it is one of those read as data; undefined for any other call (code). */
export function recogniseCall(node: CallExpression, scope: ModuleScope): ModuleCall | undefined {
  const callee = node.callee;
  if (callee.type === 'Identifier') {
    if (callee.name === 'require' && !scope.bindings.has('require')) return { kind: 'require' };
    const imported = scope.imports.get(callee.name);
    if (imported && PATH_MODULES.has(imported.source) && PATH_FUNCTIONS.has(imported.imported))
      return { kind: 'path', fn: imported.imported as 'join' };
    return undefined;
  }
  if (
    callee.type !== 'MemberExpression' ||
    callee.computed ||
    callee.object.type !== 'Identifier' ||
    callee.property.type !== 'Identifier'
  )
    return undefined;
  const object = callee.object.name;
  const property = callee.property.name;
  if (object === 'require' && property === 'resolve' && !scope.bindings.has('require')) return { kind: 'resolve' };
  if (PATH_FUNCTIONS.has(property) && isPathModule(object, scope)) return { kind: 'path', fn: property as 'join' };
  return undefined;
}

/**
 * A path function applied to paths relative to the site folder (`__dirname`
 * of the config is `.`): the result stays relative, so the written config
 * names files from the site folder as Docusaurus resolves them from it.
 */
export function applyPathFunction(fn: 'join' | 'resolve' | 'dirname', parts: string[]): string {
  if (fn === 'dirname') return path.posix.dirname(parts[0] ?? '.');
  if (fn === 'join') return path.posix.join(...parts);
  let resolved = '.';
  for (const part of parts) resolved = part.startsWith('/') ? part : path.posix.join(resolved, part);
  return path.posix.normalize(resolved);
}
