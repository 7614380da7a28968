import { statSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError, EXIT_USAGE } from '../errors.js';

/**
 * The site root (`--root`, default the current directory) as an absolute
 * path, refused when it is not an existing folder: before anything is
 * created under it (a lock, an out dir, a cache), so a mistyped `--root`
 * leaves nothing behind and says what is wrong instead of "config file not
 * found".
 */
export function resolveSiteRoot(root: string | undefined): string {
  const resolved = path.resolve(root ?? process.cwd());
  let why = 'does not exist';
  try {
    const stats = statSync(resolved, { throwIfNoEntry: false });
    if (stats?.isDirectory()) return resolved;
    if (stats) why = 'is not a folder';
  } catch (error) {
    why = `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  throw new DocsgenError(`the site root ${resolved} ${why}`, {
    exitCode: EXIT_USAGE,
    hint: 'pass --root with the folder that holds build.config.ts, content/ and public/ (default: the current directory)',
  });
}
