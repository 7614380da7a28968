/**
 * Real paths and containment, the two questions every read rule of the
 * samples asks (file-access.ts, package-rule.ts, setup-files.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The real path, or undefined when the path does not exist (or cannot be resolved). */
export function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return undefined;
  }
}

/** True when `file` is `dir` or inside it (both absolute and normalized). */
export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
