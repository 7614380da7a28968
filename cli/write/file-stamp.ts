import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * What identifies one version of a file on disk without reading it: its
 * device, inode, size, mtime and ctime (nanoseconds), as `dev:ino:size:mtime:ctime`.
 * A file edited in place changes its size or mtime, and always its ctime (which
 * no one can set back); a file replaced by another, or by a copy, changes its inode.
 */
export function stampOf(stats: BigIntStats): string {
  return [stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs].join(':');
}

/**
 * The same file, unchanged, as far as a hard link can tell: device, inode,
 * size and mtime. Not the ctime, which linking the file changes.
 */
export function isSameFile(stats: BigIntStats, stamp: string): boolean {
  return stampOf(stats).startsWith(stamp.slice(0, stamp.lastIndexOf(':') + 1));
}

/**
 * A file docsgen may take again from a previous output: a regular file (never
 * a symlink, stats come from lstat) that nothing else links to, as `stamp` recorded it.
 */
export function isUntouched(stats: BigIntStats, stamp: string): boolean {
  return stats.isFile() && stats.nlink === 1n && stampOf(stats) === stamp;
}

/** The key of contents a caller did not name: their SHA-256. */
export function contentKeyOf(contents: string | Uint8Array): string {
  return 'h:' + createHash('sha256').update(contents).digest('hex');
}

/** The key of contents the caller named (a hash of what makes them), kept apart from docsgen's own keys. */
export function givenKeyOf(key: string): string {
  return 'k:' + key;
}

/**
 * The key of a file copied from disk (a `public/` file, an image): its real
 * path and stamp. Undefined (copy it again) when the file is gone, or when its
 * file system keeps whole seconds only and it changed in the last two: another
 * change within the same second would not show in its stamp.
 */
export async function sourceKeyOf(real: string): Promise<string | undefined> {
  const stats = await stat(real, { bigint: true }).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  const whole = stats.mtimeNs % 1_000_000_000n === 0n && stats.ctimeNs % 1_000_000_000n === 0n;
  const changed = stats.ctimeNs > stats.mtimeNs ? stats.ctimeNs : stats.mtimeNs;
  if (whole && BigInt(Date.now()) * 1_000_000n - changed < 2_000_000_000n) return undefined;
  return (
    'c:' +
    createHash('sha256')
      .update(`${real}\0${stampOf(stats)}`)
      .digest('hex')
  );
}
