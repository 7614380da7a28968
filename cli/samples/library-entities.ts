/**
 * Which declarations of the library have a page in the API reference, and
 * under which name and kind: the exports of the package's entry, as the API
 * reference lists them (cli/api/reflection-target.ts), seen by the compiler.
 */
import ts from 'typescript';
import type { ApiKind, ApiTarget } from '../api-model.js';
import { isInside } from './real-paths.js';

/** An exported declaration with a page: its export name and the page kind. */
export interface LibraryEntity {
  name: string;
  kind: ApiKind;
  symbol: ts.Symbol;
}

/** The page kind of a declaration, as the API reference sorts exports (enums and namespaces have no page). */
function kindOf(node: ts.Node): ApiKind | undefined {
  if (ts.isClassDeclaration(node)) return 'class';
  if (ts.isInterfaceDeclaration(node)) return 'interface';
  if (ts.isFunctionDeclaration(node)) return 'function';
  if (ts.isTypeAliasDeclaration(node)) return 'type-alias';
  if (ts.isVariableDeclaration(node)) return 'variable';
  return undefined;
}

/**
 * Every declaration of every export of the library's entry module that gets
 * a page, when it is declared in the library itself (`packageDir`, a real
 * path): a name the library re-exports from React Native is not its own.
 */
export function collectEntities(
  checker: ts.TypeChecker,
  entry: ts.Symbol,
  packageDir: string,
): Map<ts.Node, LibraryEntity> {
  const entities = new Map<ts.Node, LibraryEntity>();
  for (const exported of checker.getExportsOfModule(entry)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    for (const declaration of symbol.declarations ?? []) {
      const kind = kindOf(declaration);
      if (kind && isInside(declaration.getSourceFile().fileName, packageDir))
        entities.set(declaration, { name: exported.name, kind, symbol });
    }
  }
  return entities;
}

/** A member-like declaration: what gets an anchor on its owner's page. */
function isMember(node: ts.Node): node is ts.NamedDeclaration {
  return (
    ts.isPropertySignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/**
 * The page (and anchor) documenting a declaration: the exported entity that
 * contains it, and the member directly under that entity (the outermost one:
 * a property of a nested object type links to the property that holds it,
 * as the API reference documents it). Members get anchors on class and
 * interface pages, and on type-alias and variable pages whose declared type
 * is an object type (their property table).
 */
export function findTarget(declaration: ts.Node, entities: Map<ts.Node, LibraryEntity>): ApiTarget | undefined {
  let member: ts.NamedDeclaration | undefined;
  let child: ts.Node | undefined;
  for (let node: ts.Node | undefined = declaration; node && !ts.isSourceFile(node); child = node, node = node.parent) {
    const entity = entities.get(node);
    if (entity) {
      if (!member) return { kind: entity.kind, entity: entity.name };
      const name = memberName(member);
      if (name === undefined || !hasMemberAnchors(node, member, child))
        return { kind: entity.kind, entity: entity.name };
      return { kind: entity.kind, entity: entity.name, member: name };
    }
    if (isMember(node)) member = node;
  }
  return undefined;
}

/** True when the owner's page has an anchor for this member (see findTarget). */
function hasMemberAnchors(owner: ts.Node, member: ts.Node, child: ts.Node | undefined): boolean {
  if (ts.isClassDeclaration(owner) || ts.isInterfaceDeclaration(owner)) return member.parent === owner;
  if (ts.isTypeAliasDeclaration(owner) || ts.isVariableDeclaration(owner))
    return child !== undefined && ts.isTypeLiteralNode(child) && member.parent === child && owner.type === child;
  return false;
}

function memberName(member: ts.NamedDeclaration): string | undefined {
  const name = member.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
    return name.text;
  return undefined;
}
