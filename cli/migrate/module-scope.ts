/**
 * The names a config or sidebars file declares at its top level, and what it
 * exports, found by reading its syntax tree (never by running it): what
 * `read-js-data.ts` follows when it evaluates the export as data.
 */

import type { Node, Pattern, Program, Statement } from 'estree';

/** A name bound by an `import` (`const x = require('y')` is a binding whose value is a call, read as the same import). */
export interface ImportBinding {
  /** The module named: `'./sidebars.json'`, `'path'`. */
  source: string;
  /** The export it binds: `default`, a named export, or `*` for the whole module. */
  imported: string;
}

/** What a file declares: values by name, and imported names. */
export interface ModuleScope {
  bindings: Map<string, Node>;
  imports: Map<string, ImportBinding>;
}

/** How deep names may lead to names before the export counts as code. */
const MAX_HOPS = 50;

/** The top-level declarations of `program`: `const`/`let`/`var NAME = value`, functions, and imports. */
export function scanModule(program: Program): ModuleScope {
  const scope: ModuleScope = { bindings: new Map(), imports: new Map() };
  collectBindings(program.body, scope);
  return scope;
}

/** Adds the declarations of a list of statements (the top level, or an exported function's body). */
export function collectBindings(body: (Statement | Node)[], scope: ModuleScope): void {
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration' && typeof statement.source.value === 'string') {
      for (const specifier of statement.specifiers) {
        const imported =
          specifier.type === 'ImportSpecifier'
            ? nameOf(specifier.imported)
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        scope.imports.set(specifier.local.name, { source: statement.source.value, imported });
      }
      continue;
    }
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id)
      scope.bindings.set(declaration.id.name, declaration);
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (isIdentifier(declarator.id) && declarator.init) scope.bindings.set(declarator.id.name, declarator.init);
    }
  }
}

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? String(node.name) : String(node.value);
}

function isIdentifier(pattern: Pattern): pattern is Pattern & { type: 'Identifier'; name: string } {
  return pattern.type === 'Identifier';
}

/** `module.exports` (`exports` when `name` is given as `module.exports.name` or `exports.name`). */
function isModuleExports(node: Node): boolean {
  return (
    node.type === 'MemberExpression' &&
    node.object.type === 'Identifier' &&
    node.object.name === 'module' &&
    node.property.type === 'Identifier' &&
    node.property.name === 'exports'
  );
}

/** The name `target` assigns an export to: `module.exports.x = …`, `exports.x = …`. */
function namedExportTarget(target: Node): string | undefined {
  if (target.type !== 'MemberExpression' || target.computed || target.property.type !== 'Identifier') return undefined;
  const object = target.object as Node;
  const isExports = (object.type === 'Identifier' && object.name === 'exports') || isModuleExports(object);
  return isExports ? target.property.name : undefined;
}

/**
 * The node of an export: for `default`, `module.exports = X` or `export
 * default X`; for a name, `export const name = X`, `export { local as name }`
 * or `exports.name = X`. X a name is followed to its value, and X a function
 * (`async function createConfig()`) to the object its body returns, unless
 * `followFunctions` is false.
 */
export function findExport(
  program: Program,
  scope: ModuleScope,
  name = 'default',
  followFunctions = true,
): Node | undefined {
  let exported: Node | undefined;
  for (const statement of program.body) {
    if (name === 'default' && statement.type === 'ExportDefaultDeclaration') exported = statement.declaration as Node;
    else if (statement.type === 'ExportNamedDeclaration') exported = namedExport(statement, scope, name) ?? exported;
    else if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const target = statement.expression.left as Node;
      if (name === 'default' ? isModuleExports(target) : namedExportTarget(target) === name)
        exported = statement.expression.right;
    }
  }
  for (let hops = 0; exported && hops < MAX_HOPS; hops++) {
    if (exported.type === 'Identifier') {
      const bound = scope.bindings.get(exported.name);
      if (!bound) return exported;
      exported = bound;
    } else if (
      followFunctions &&
      (exported.type === 'FunctionDeclaration' ||
        exported.type === 'FunctionExpression' ||
        exported.type === 'ArrowFunctionExpression')
    ) {
      if (exported.body.type !== 'BlockStatement') {
        exported = exported.body;
        continue;
      }
      collectBindings(exported.body.body, scope);
      const returned = exported.body.body.find((s) => s.type === 'ReturnStatement');
      exported = returned?.type === 'ReturnStatement' ? (returned.argument ?? undefined) : undefined;
    } else return exported;
  }
  return exported;
}

/** The node `export const name = X` or `export { local as name }` exports under `name`. */
function namedExport(
  statement: Extract<Statement | Node, { type: 'ExportNamedDeclaration' }>,
  scope: ModuleScope,
  name: string,
): Node | undefined {
  const declaration = statement.declaration;
  if (declaration?.type === 'VariableDeclaration') {
    const found = declaration.declarations.find((d) => isIdentifier(d.id) && d.id.name === name);
    return found?.init ?? undefined;
  }
  if (statement.source) return undefined;
  for (const specifier of statement.specifiers) {
    if (nameOf(specifier.exported) !== name) continue;
    const local = nameOf(specifier.local);
    return scope.bindings.get(local) ?? ({ type: 'Identifier', name: local, loc: specifier.loc } as Node);
  }
  return undefined;
}
