/**
 * The links of a sample file: each identifier on its shown lines that the
 * compiler resolves to a declaration of the library with an API page.
 */
import ts from 'typescript';
import type { ApiTarget } from '../api-model.js';
import type { FileRef } from './checker-protocol.js';
import { isInside } from './real-paths.js';
import { findTarget, type LibraryEntity } from './library-entities.js';
import { tipOf } from './tip-text.js';

/** What finding links needs from the project. */
export interface RefContext {
  service: ts.LanguageService;
  checker: ts.TypeChecker;
  entities: Map<ts.Node, LibraryEntity>;
  /** The library's folder (real path). */
  packageDir: string;
}

/** Every identifier of `shown` lines (0-based, end exclusive) that links to the API. */
export function findRefs(cx: RefContext, file: ts.SourceFile, shown: { from: number; to: number }): FileRef[] {
  const refs: FileRef[] = [];
  const first = shown.from < file.getLineStarts().length ? file.getLineStarts()[shown.from]! : file.end;
  const last = shown.to < file.getLineStarts().length ? file.getLineStarts()[shown.to]! : file.end;
  const visit = (node: ts.Node): void => {
    if (node.end < first || node.pos > last) return;
    if (ts.isIdentifier(node)) {
      const start = node.getStart(file);
      if (start >= first && start < last) {
        const ref = refOf(cx, file, node, start);
        if (ref) refs.push(ref);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return refs;
}

function refOf(cx: RefContext, file: ts.SourceFile, node: ts.Identifier, start: number): FileRef | undefined {
  const symbols = symbolsOf(cx.checker, node);
  const target = symbols.map((symbol) => targetOf(cx, symbol)).find(Boolean) ?? inheritedTarget(cx, node, symbols);
  if (!target) return undefined;
  const { line, character } = file.getLineAndCharacterOfPosition(start);
  const tip = tipOf(cx.service.getQuickInfoAtPosition(file.fileName, start));
  return { line, start: character, end: character + node.text.length, target, ...(tip ? { tip } : {}) };
}

/**
 * The symbols an identifier may stand for, best first: what the compiler
 * resolves it to, and for a property written in an object literal (an
 * option passed to a library function) the property of the type it is
 * checked against.
 */
function symbolsOf(checker: ts.TypeChecker, node: ts.Identifier): ts.Symbol[] {
  const symbols: ts.Symbol[] = [];
  const written = writtenIn(node);
  if (written) {
    const property = checker.getContextualType(written)?.getProperty(node.text);
    if (property) symbols.push(property);
  }
  const symbol = checker.getSymbolAtLocation(node);
  if (symbol) symbols.push(symbol);
  return symbols.map((s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s));
}

/** The object literal or JSX attributes a property name is written in (its type is what the name is checked against). */
function writtenIn(node: ts.Identifier): ts.ObjectLiteralExpression | ts.JsxAttributes | undefined {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent) && parent.name === node) return parent.parent;
  const isProperty =
    ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isMethodDeclaration(parent);
  return isProperty && parent.name === node && ts.isObjectLiteralExpression(parent.parent) ? parent.parent : undefined;
}

/**
 * `photo.path`, where `path` is declared by a base interface the library
 * does not export: the member's anchor on the page of the object's own type
 * (its page lists inherited members). Members inherited from outside the
 * library (React's `Component`) are not the library's to document.
 */
function inheritedTarget(cx: RefContext, node: ts.Identifier, symbols: ts.Symbol[]): ApiTarget | undefined {
  const parent = node.parent;
  if (!ts.isPropertyAccessExpression(parent) || parent.name !== node) return undefined;
  const inLibrary = symbols.some((s) =>
    s.declarations?.some((d) => isInside(d.getSourceFile().fileName, cx.packageDir)),
  );
  if (!inLibrary) return undefined;
  const type = cx.checker.getNonNullableType(cx.checker.getTypeAtLocation(parent.expression));
  for (const declaration of type.getSymbol()?.declarations ?? []) {
    const entity = cx.entities.get(declaration);
    if (entity && (entity.kind === 'class' || entity.kind === 'interface'))
      return { kind: entity.kind, entity: entity.name, member: node.text };
  }
  return undefined;
}

/** The API page of a symbol: the first of its declarations that has one. */
function targetOf(cx: RefContext, symbol: ts.Symbol) {
  for (const declaration of symbol.declarations ?? []) {
    const target = findTarget(declaration, cx.entities);
    if (target) return target;
  }
  return undefined;
}
