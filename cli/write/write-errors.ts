import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.js';

/** Stats of a path, or undefined when nothing (or a file on the way to it) is there. */
export function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** The nearest folder on the way to `target` that exists as a file, if any. */
function fileInTheWay(target: string): string | undefined {
  for (let dir = target; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const stats = statIfAny(dir);
    if (stats) return stats.isDirectory() ? undefined : dir;
  }
  return undefined;
}

/** The folder that refused: the out dir itself, or the one around it (where the lock and the temporary folder go). */
function deniedFolder(target: string, error: unknown): string {
  const failed = (error as NodeJS.ErrnoException).path;
  return !failed || failed === target ? target : path.dirname(failed);
}

/**
 * The out dir (or the folder around it, where the lock and the temporary
 * folder go) cannot be written: says why and what to do, and that nothing
 * was replaced.
 */
export function cannotWriteError(target: string, error: unknown): DocsgenError {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  const blocker = code === 'ENOTDIR' || code === 'EEXIST' ? fileInTheWay(target) : undefined;
  const why = blocker
    ? `${blocker} is a file, not a folder`
    : code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'EROFS'
        ? 'the file system is read-only'
        : code === 'ENOSPC'
          ? 'the disk is full'
          : (error as Error).message;
  const hint = blocker
    ? `move that file away, or choose another --out-dir`
    : `make ${deniedFolder(target, error)} writable for this user, or choose another --out-dir`;
  return new DocsgenError(
    `cannot write the site to ${target}: ${why} (${code}); the previous output was left as it was`,
    { hint, cause: error },
  );
}
