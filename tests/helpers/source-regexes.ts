import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { repoRoot } from './run-cli.js';

/** A regular expression literal (or `new RegExp('…')` with literal arguments) in docsgen's source. */
export interface SourceRegex {
  /** Path from the repository root, e.g. `cli/markdown/preprocess.ts`. */
  file: string;
  line: number;
  source: string;
  flags: string;
}

/** A `RegExp(…)` built from values: no checker can read its pattern from the source. */
export interface DynamicRegex {
  file: string;
  line: number;
  text: string;
}

/**
 * Every regular expression in the given files (globs from the repository
 * root), read with the TypeScript parser, so none is missed the way a text
 * search would miss one split across lines or written with `RegExp(…)`.
 */
export function collectRegexes(globs: string[]): { literals: SourceRegex[]; dynamic: DynamicRegex[] } {
  const literals: SourceRegex[] = [];
  const dynamic: DynamicRegex[] = [];
  for (const file of fg.sync(globs, { cwd: repoRoot }).sort()) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(source);
        const end = literal.lastIndexOf('/');
        literals.push({ file, line: lineOf(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [pattern, flags] = node.arguments ?? [];
        const isText = (arg: ts.Expression | undefined) =>
          arg !== undefined && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg));
        if (isText(pattern) && (flags === undefined || isText(flags))) {
          literals.push({
            file,
            line: lineOf(node),
            source: (pattern as ts.StringLiteral).text,
            flags: flags ? (flags as ts.StringLiteral).text : '',
          });
        } else {
          dynamic.push({ file, line: lineOf(node), text: node.getText(source) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, dynamic };
}

/** `/source/flags`, as written in code. */
export function showRegex(regex: Pick<SourceRegex, 'source' | 'flags'>): string {
  return `/${regex.source}/${regex.flags}`;
}
