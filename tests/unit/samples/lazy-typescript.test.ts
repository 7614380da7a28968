/**
 * A warm check must not load TypeScript (it takes a second to load): only
 * the compiler's worker thread imports it. This follows the value imports
 * (type-only imports are erased) from the checker's entry module and fails
 * if any module reached imports `typescript`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from './checker-fixture.js';

/** The module specifiers a file imports as values (static imports and re-exports that are not type-only, and dynamic imports). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every module reached from `entry` through value imports: relative files, and the packages they import. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of valueImports(file)) {
      if (!spec.startsWith('.')) packages.add(spec);
      else pending.push(path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'));
    }
  }
  return { files, packages };
}

describe('the sample checker on the main thread', () => {
  it('does not import TypeScript; the worker does', () => {
    const main = reach(path.join(REPO, 'cli/samples/sample-checker.ts'));
    expect(main.packages).not.toContain('typescript');
    expect(reach(path.join(REPO, 'cli/samples/sample-worker.ts')).packages).toContain('typescript');
  });
});
