/**
 * What every TypeDoc conversion needs, and where a declaration comes from.
 */
import path from 'node:path';
import type { DeclarationReflection, Reflection } from 'typedoc';
import type { ApiSource } from '../api-model.js';

/** What every conversion needs to know. */
export interface ConvertContext {
  /** Absolute package directory; sources are made relative to it. */
  pkgDir: string;
  /** Reflection id → `extends` clause texts, to name bases TypeDoc could not resolve. */
  heritage?: Map<number, string[]>;
}

/** The declaration's first source, relative to the package, or undefined when outside it. */
export function convertSource(reflection: Reflection, cx: ConvertContext): ApiSource | undefined {
  const source = (reflection as DeclarationReflection).sources?.[0];
  if (!source) return undefined;
  const file = path.relative(cx.pkgDir, source.fullFileName).split(path.sep).join('/');
  if (file.startsWith('..') || path.isAbsolute(file)) return undefined;
  return { file, line: source.line };
}
