/**
 * The names docsgen gives its own files and folders beside and inside the out dir. They live with the file rule
 * (site-files.ts), which refuses them to content, and the writer (cli/write/), a later stage, reads them from here.
 */
import path from 'node:path';

/** The lock file docsgen keeps next to an out dir while it builds: `<outDir>.docsgen-lock`. */
export const LOCK_SUFFIX = '.docsgen-lock';

/** The file docsgen writes into every output folder it creates; it only ever replaces folders that have it. */
export const MARKER_FILE = '.docsgen-output';

/** Part of the name of every folder docsgen stages a build in (and keeps the previous output in while it swaps). */
export const STAGED_OUTPUT = '.docsgen-tmp-';

/** The names of an out dir's staged folders start with this, then `<pid>-<ms>` (and `-old` for the previous output). */
export function stagedFolderPrefix(outDir: string): string {
  return `.${path.basename(outDir)}${STAGED_OUTPUT}`;
}
