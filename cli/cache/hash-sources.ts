import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/**
 * A digest of every TypeScript file of a package (its sources and its
 * declaration files), so a library edited in place, with its version
 * unchanged, is read again: by TypeDoc for the API model, by the compiler
 * for the code samples.
 */
export function hashSources(dir: string): string {
  const hash = createHash('sha256');
  const files = fg.sync('**/*.{ts,tsx,mts,cts}', { cwd: dir, ignore: ['**/node_modules/**'], onlyFiles: true }).sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}
