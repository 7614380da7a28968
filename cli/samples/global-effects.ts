/**
 * What a sample may not do because it would change other pages' results:
 * every page's samples share one project, and each page is cached by its own
 * blocks only. Global declarations and type references belong in a `.d.ts`
 * of the setup folder, which is part of every page's key.
 */
import ts from 'typescript';
import type { FileDiagnostic } from './checker-protocol.js';

const WHERE = 'declare it in a .d.ts file of the setup folder (global to every sample) instead';

/** A diagnostic for each `/// <reference>`, `declare global` and `declare module '…'` of a sample file. */
export function findGlobalEffects(source: ts.SourceFile): FileDiagnostic[] {
  const found: FileDiagnostic[] = [];
  const at = (pos: number, message: string) => {
    const { line, character } = source.getLineAndCharacterOfPosition(pos);
    found.push({ line, character, message, code: 0 });
  };
  for (const ref of [...source.referencedFiles, ...source.typeReferenceDirectives, ...source.libReferenceDirectives]) {
    // The directive's range covers its value; its line is the directive's.
    at(ref.pos, `a sample cannot use a /// <reference> directive (it would change every page's samples); ${WHERE}`);
  }
  for (const statement of source.statements) {
    if (!ts.isModuleDeclaration(statement)) continue;
    if (statement.flags & ts.NodeFlags.GlobalAugmentation) {
      at(
        statement.getStart(source),
        `a sample cannot declare globals (\`declare global\` would change every page's samples); ${WHERE}`,
      );
    } else if (ts.isStringLiteral(statement.name)) {
      at(
        statement.getStart(source),
        `a sample cannot declare a module (\`declare module '${statement.name.text}'\` would change every page's samples); ${WHERE}`,
      );
    }
  }
  return found;
}
